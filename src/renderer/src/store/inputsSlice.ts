// Inputs slice: the `${input:…}` questions waiting for the person, oldest first.
import type { InputRequest } from '../../../shared/requests';

export type InputsState = { inputQueue: InputRequest[] };

export const inputsInitial: InputsState = { inputQueue: [] };

/** The queue with `request` in age order, each id once. */
export function enqueueInput(queue: readonly InputRequest[], request: InputRequest): InputRequest[] {
  if (queue.some((queued) => queued.id === request.id)) return [...queue];
  return [...queue, request].sort((a, b) => a.requestedAt - b.requestedAt);
}

export type InputsActions = {
  inputsListed(list: InputRequest[]): void;
  inputRequested(request: InputRequest): void;
  inputSettled(id: string): void;
};

type SetInputs = (update: (s: InputsState) => Partial<InputsState>) => void;

export function createInputsActions(set: SetInputs): InputsActions {
  return {
    inputsListed: (list) => set(() => ({ inputQueue: list.reduce(enqueueInput, [] as InputRequest[]) })),
    inputRequested: (request) => set((s) => ({ inputQueue: enqueueInput(s.inputQueue, request) })),
    inputSettled: (id) => set((s) => ({ inputQueue: s.inputQueue.filter((request) => request.id !== id) })),
  };
}
