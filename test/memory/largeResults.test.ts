// Large tool results are let go once answered: the host's memory after many of them is what it was before.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownSlice } from '../../src/main/json/ownCopy';
import type { ServerConnection } from '../../src/main/servers/session/connection';
import { newSession, unlessLost } from '../../src/main/servers/session/session';
import { Connections, fixtureEntry } from '../helpers';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
const MB = 1024 * 1024;

/** Heap in use after two full collections. */
function heapAfterGc(): number {
  collect();
  collect();
  return process.memoryUsage().heapUsed;
}

const connections = new Connections();
let server: ServerConnection;

beforeAll(async () => {
  server = connections.create('sized', fixtureEntry('sized.mjs'));
  await server.start();
}, 30_000);

afterAll(() => connections.stopAll(), 20_000);

describe('memory after large tool results', { timeout: 60_000 }, () => {
  it('holds none of ten 4 MB results once they were answered', async () => {
    const bytes = 4 * MB;
    const first = await server.callTool('big', { bytes }, {});
    expect(first.content[0]).toMatchObject({ type: 'text' });
    const before = heapAfterGc();
    for (let n = 0; n < 10; n++) {
      const result = await server.callTool('big', { bytes }, {});
      expect((result.content[0] as { text: string }).text).toHaveLength(bytes);
    }
    // Kept whole, ten results would be 40 MB; the protocol log keeps a preview of each frame. Work still
    // finishing may hold a result for a moment: the heap must come down, not merely be low once.
    await expect.poll(() => heapAfterGc() - before, { timeout: 10_000 }).toBeLessThan(8 * MB);
    // The protocol log still shows each answer as a capped frame.
    const capped = server.wire().filter((entry) => entry.capped);
    expect(capped.length).toBeGreaterThanOrEqual(11);
    expect(capped.at(-1)?.capped?.size).toBeGreaterThan(bytes);
  });
});

describe('unlessLost', () => {
  it('settles with the work, or with the loss of the session when that comes first', async () => {
    const session = newSession({} as never, 0);
    await expect(unlessLost(session, Promise.resolve('done'))).resolves.toBe('done');
    const never = new Promise<string>(() => {});
    const waiting = unlessLost(session, never);
    session.loseWith(new Error('The server exited.'));
    await expect(waiting).rejects.toThrow('The server exited.');
    await expect(unlessLost(session, never)).rejects.toThrow('The server exited.');
  });
});

describe('ownSlice', () => {
  it('gives the same characters as slice, lone surrogates included', () => {
    const text = `a\uD800b${'x'.repeat(100)}😀`;
    expect(ownSlice(text, 0, 3)).toBe(text.slice(0, 3));
    expect(ownSlice(text, 1)).toBe(text.slice(1));
    expect(ownSlice(text, 0)).toBe(text);
  });

  it('lets the long text go while the piece is kept', async () => {
    const before = heapAfterGc();
    const pieces: string[] = [];
    for (let n = 0; n < 8; n++) pieces.push(ownSlice(`${n}${'y'.repeat(4 * MB)}`, 0, 100));
    expect(pieces.every((piece) => piece.length === 100)).toBe(true);
    await expect.poll(() => heapAfterGc() - before, { timeout: 10_000 }).toBeLessThan(4 * MB);
  });
});
