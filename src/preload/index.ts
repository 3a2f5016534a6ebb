// Exposes the host to the renderer as window.host: invoke and on, nothing else.
import { contextBridge, ipcRenderer } from 'electron';
import { type EventFrame, IPC_EVENT, IPC_INVOKE } from '../shared/channels';

type Listener = (payload: unknown) => void;
const listeners = new Map<string, Set<Listener>>();

ipcRenderer.on(IPC_EVENT, (_event, frame: EventFrame) => {
  for (const listener of listeners.get(frame.event) ?? []) listener(frame.payload);
});

contextBridge.exposeInMainWorld('host', {
  invoke: (name: string, args: unknown): Promise<unknown> => ipcRenderer.invoke(IPC_INVOKE, name, args),
  on(event: string, listener: Listener): () => void {
    const entry: Listener = (payload) => listener(payload);
    const set = listeners.get(event) ?? listeners.set(event, new Set()).get(event)!;
    set.add(entry);
    return () => {
      set.delete(entry);
    };
  },
});
