// Electron transport: one invoke handler for commands (own main frame only) and one channel for events.
import { type BrowserWindow, type IpcMainInvokeEvent, ipcMain } from 'electron';
import { type EventFrame, IPC_EVENT, IPC_INVOKE } from '../../shared/channels';
import type { Reply } from '../../shared/contract';
import { isAppUrl } from '../security/origins';
import type { Dispatch } from './dispatch';
import { type EventSource, linkPage } from './pageEvents';

export type { EventSource } from './pageEvents';

/** Serve `dispatch` to `window`'s own page and forward host events to it (see `linkPage`). Returns a dispose function. */
export function registerIpc(
  dispatch: Dispatch,
  window: BrowserWindow,
  options: { events: EventSource; appUrl: string },
): () => void {
  const contents = window.webContents;
  const page = linkPage(
    options.events,
    (frame: EventFrame) => {
      if (window.isDestroyed() || contents.isDestroyed()) return false;
      contents.send(IPC_EVENT, frame);
      return true;
    },
    (message) => process.stderr.write(`Switchboard: ${message}\n`),
  );
  ipcMain.handle(IPC_INVOKE, async (event, name: unknown, args: unknown): Promise<Reply<unknown>> => {
    if (!fromOwnMainFrame(event, window, options.appUrl)) {
      return {
        ok: false,
        error: { code: 'forbidden', message: 'This request did not come from the Switchboard window.' },
      };
    }
    try {
      return await dispatch(name, args, page.caller);
    } catch (error) {
      return { ok: false, error: { code: 'internal', message: String(error) } };
    }
  });
  return () => {
    ipcMain.removeHandler(IPC_INVOKE);
    page.dispose();
  };
}

function fromOwnMainFrame(event: IpcMainInvokeEvent, window: BrowserWindow, appUrl: string): boolean {
  if (window.isDestroyed() || event.sender !== window.webContents) return false;
  const frame = event.senderFrame;
  const main = window.webContents.mainFrame;
  if (!frame) return false;
  const sameFrame =
    frame === main || (frame.processId === main.processId && frame.routingId === main.routingId);
  return sameFrame && isAppUrl(frame.url, appUrl);
}
