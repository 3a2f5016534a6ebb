// How a server runs, decided in one place and said in one line: sandboxed (what it sees), not sandboxed (why), or elsewhere.
import { describe, expect, it } from 'vitest';
import { sandboxDecision } from '../../src/main/sandbox/status';
import { sandboxLine } from '../../src/renderer/src/features/servers/sandboxText';

const local = { command: 'npx', args: ['-y', 'pkg'] };
const folder = (path: string) => ({ path, readOnly: false });

describe('how a server runs', () => {
  it('is sandboxed unless its entry, the built-in in the app, the platform or missing programs say otherwise', () => {
    expect(sandboxDecision(local, { ok: true }, false)).toEqual({ kind: 'sandboxed' });
    expect(sandboxDecision({ url: 'https://example.com/mcp' }, { ok: true }, false)).toEqual({
      kind: 'remote',
    });
    expect(sandboxDecision({ ...local, sandbox: false }, { ok: true }, false)).toMatchObject({
      kind: 'unsandboxed',
      reason: 'turned-off',
    });
    expect(sandboxDecision({ command: 'builtin:workspace' }, { ok: true }, true)).toMatchObject({
      reason: 'built-in',
    });
    expect(sandboxDecision({ command: 'builtin:workspace' }, { ok: true }, false)).toEqual({
      kind: 'sandboxed',
    });
    const missing = { ok: false as const, reason: 'missing' as const, message: 'bubblewrap is missing.' };
    expect(sandboxDecision(local, missing, false)).toEqual({
      kind: 'unsandboxed',
      reason: 'missing',
      message: 'bubblewrap is missing.',
    });
  });

  it('reads as one line in the Overview', () => {
    expect(
      sandboxLine({
        kind: 'sandboxed',
        folders: [folder('/a'), folder('/b')],
        network: ['x.org', 'y.org', 'z.org'],
      }),
    ).toBe('Sandboxed: sees 2 folders, network: 3 hosts');
    expect(sandboxLine({ kind: 'sandboxed', folders: [folder('/a')], network: 'none' })).toBe(
      'Sandboxed: sees 1 folder, no network',
    );
    expect(sandboxLine({ kind: 'sandboxed', folders: [], network: 'any' })).toBe(
      'Sandboxed: sees 0 folders, network: any host',
    );
    expect(sandboxLine({ kind: 'unsandboxed', reason: 'missing', message: 'It needs bubblewrap.' })).toBe(
      'Not sandboxed: It needs bubblewrap.',
    );
    expect(sandboxLine({ kind: 'remote' })).toBe('Runs elsewhere: not sandboxed by Switchboard');
  });
});
