// The page's socket to the host with the answers to one command held back until the test lets them through.
import type { Page } from '@playwright/test';
import { WS_PATH } from '../src/shared/channels';
import type { CommandName } from '../src/shared/contract';

export type HeldReplies = {
  /** From now on, answers to the command wait (set before the page opens, so its first ones can be held). */
  hold(): void;
  /** Lets every held answer through, and those that come later. */
  release(): void;
};

/** Routes the page's socket through the test; call before the page opens the host. */
export async function holdReplies(page: Page, command: CommandName): Promise<HeldReplies> {
  let holding = false;
  let release = () => {};
  const released = new Promise<void>((done) => {
    release = done;
  });
  await page.routeWebSocket(
    (url) => url.pathname === WS_PATH,
    (socket) => {
      const host = socket.connectToServer();
      const held = new Set<number>();
      socket.onMessage((message) => {
        const frame = JSON.parse(String(message)) as { id?: number; name?: string };
        if (holding && frame.name === command && frame.id !== undefined) held.add(frame.id);
        host.send(message);
      });
      host.onMessage(async (message) => {
        const frame = JSON.parse(String(message)) as { id?: number };
        if (frame.id !== undefined && held.has(frame.id)) await released;
        socket.send(message);
      });
    },
  );
  return {
    hold: () => {
      holding = true;
    },
    release,
  };
}
