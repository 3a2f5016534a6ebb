// The protocol log's copy of a frame: the secret values a launcher filled in are masked, and a frame
// that holds none is kept as it came without being written out as text.
import { describe, expect, it } from 'vitest';
import { FRAME_LEFT_OUT, maskFrame } from '../src/main/servers/log/frameMask';
import { fillEnv } from '../src/main/servers/references/entryReferences';
import { launcherFor } from '../src/main/servers/transport/launcherFor';
import { inputReference } from '../src/shared/inputReferences';
import type { StdioServerEntry } from '../src/shared/types';

/** The mask of a local server's launcher whose environment holds `secret` as an input. */
async function launcherMask(secret: string): Promise<(text: string) => string> {
  const entry: StdioServerEntry = { command: 'node', env: { TOKEN: inputReference('s.TOKEN') } };
  const launcher = launcherFor(entry, {
    fillEnv: (env) => fillEnv('s', env, { input: async () => secret, env: () => undefined }),
  });
  await launcher.prepare?.();
  if (!launcher.mask) throw new Error('A launcher that fills in secrets masks them.');
  return launcher.mask;
}

/** `mask`, noting every text it is shown. */
function watched(mask: (text: string) => string) {
  const seen: string[] = [];
  return {
    seen,
    mask: (text: string) => {
      seen.push(text);
      return mask(text);
    },
  };
}

const SECRET = 'tok_0123456789abcdef';

describe('maskFrame', () => {
  it('masks a secret in a value and keeps the rest of the frame; the frame itself is not changed', async () => {
    const mask = await launcherMask(SECRET);
    const frame = {
      jsonrpc: '2.0',
      id: 3,
      result: { content: [{ type: 'text', text: `your token is ${SECRET}.` }] },
    };
    const shown = maskFrame(frame, mask);
    expect(shown).toEqual({
      jsonrpc: '2.0',
      id: 3,
      result: { content: [{ type: 'text', text: 'your token is ••••••••.' }] },
    });
    expect(frame.result.content[0]?.text).toBe(`your token is ${SECRET}.`);
  });

  it('masks a secret used as a key', async () => {
    const mask = await launcherMask(SECRET);
    const shown = maskFrame({ jsonrpc: '2.0', method: 'x', params: { [SECRET]: 1 } }, mask);
    expect(JSON.stringify(shown)).not.toContain(SECRET);
    expect(shown).toEqual({ jsonrpc: '2.0', method: 'x', params: { '••••••••': 1 } });
  });

  it('masks a secret holding characters JSON escapes', async () => {
    const secret = 'pa"ss\\word';
    const mask = await launcherMask(secret);
    const shown = maskFrame({ jsonrpc: '2.0', method: 'log', params: { data: `key=${secret}` } }, mask);
    expect(shown).toEqual({ jsonrpc: '2.0', method: 'log', params: { data: 'key=••••••••' } });
  });

  it('leaves out a frame whose masked text is no longer JSON', async () => {
    const mask = await launcherMask('424242');
    expect(maskFrame({ jsonrpc: '2.0', id: 424242, result: {} }, mask)).toEqual(FRAME_LEFT_OUT);
  });

  it('keeps a frame without a secret as it came, without writing it out as text', async () => {
    const { mask, seen } = watched(await launcherMask(SECRET));
    const frame = {
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: 'x'.repeat(100_000) }] },
    };
    expect(maskFrame(frame, mask)).toBe(frame);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).not.toContain(JSON.stringify(frame));
    expect(seen.every((text) => !text.startsWith('{'))).toBe(true);
  });

  it('keeps every frame as it came when the launcher masks nothing', () => {
    const frame = { jsonrpc: '2.0', id: 1, result: {} };
    expect(maskFrame(frame, undefined)).toBe(frame);
  });

  it('walks a frame nested far deeper than the log keeps, and masks a secret within its depth', async () => {
    const mask = await launcherMask(SECRET);
    let deep: unknown = { leaf: 'plain' };
    for (let level = 0; level < 20_000; level += 1) deep = { next: deep };
    expect(maskFrame(deep, mask)).toBe(deep);

    let shallow: unknown = { leaf: SECRET };
    for (let level = 0; level < 50; level += 1) shallow = { next: shallow };
    const shown = JSON.stringify(maskFrame(shallow, mask));
    expect(shown).not.toContain(SECRET);
    expect(shown).toContain('••••••••');
  });
});
