// The commands of the `${input:…}` question: list, answer or cancel, and forget a stored value.
import type { CommandHandlers } from '../../shared/contract';
import type { InputService } from './inputs';

type InputCommandName = Extract<keyof CommandHandlers, `inputs.${string}`>;

export function inputCommands(inputs: InputService): Pick<CommandHandlers, InputCommandName> {
  return {
    'inputs.pending': async () => inputs.pending(),
    'inputs.answer': async ({ id, value }) => {
      inputs.answer(id, value);
      return null;
    },
    'inputs.forget': async ({ server, inputId }) => {
      await inputs.forget(server, inputId);
      return null;
    },
  };
}
