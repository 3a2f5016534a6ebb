// The approval identity holds the sandbox setting an entry has, and stays as it was for an entry without one.
import { describe, expect, it } from 'vitest';
import { canonicalIdentity, serverIdentity } from '../../src/main/trust/identity';
import type { StdioServerEntry } from '../../src/shared/types';

const entry: StdioServerEntry = {
  command: 'npx',
  args: ['-y', '@modelcontextprotocol/server-filesystem', '/home/me/project'],
  env: { TOKEN: 'secret' },
};

describe('the identity of a local server', () => {
  it('is unchanged for an entry without a sandbox setting, so approvals, grants and caches hold', () => {
    // The value the identity had before sandbox settings existed.
    expect(serverIdentity(entry)).toBe(
      'server-v2:a43cd6a76b91bd031cffff831c10213017122bb4a32fb2ea230a861052c59efd',
    );
    expect(canonicalIdentity(entry)).not.toHaveProperty('sandbox');
  });

  it('changes with the sandbox turned off and with each network choice', () => {
    const variants: StdioServerEntry[] = [
      entry,
      { ...entry, sandbox: false },
      { ...entry, sandbox: {} },
      { ...entry, sandbox: { network: 'none' } },
      { ...entry, sandbox: { network: 'any' } },
      { ...entry, sandbox: { network: ['registry.npmjs.org'] } },
      { ...entry, sandbox: { network: ['registry.npmjs.org', 'api.example.com'] } },
    ];
    const identities = new Set(variants.map(serverIdentity));
    expect(identities.size).toBe(variants.length);
    expect(canonicalIdentity({ ...entry, sandbox: false })).toMatchObject({ sandbox: 'off' });
    expect(canonicalIdentity({ ...entry, sandbox: { network: 'none' } })).toMatchObject({
      sandbox: { network: 'none' },
    });
  });
});
