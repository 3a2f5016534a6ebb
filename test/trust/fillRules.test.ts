// Which references an entry may fill, and from where: the person's own read Switchboard's environment; one approved
// after it came from elsewhere is given only values kept for it, asked of the person.
import { describe, expect, it } from 'vitest';
import { fillEnv } from '../../src/main/servers/references/entryReferences';
import { fillVariables } from '../../src/main/servers/references/variables';
import { envNameOf, envValueId, fillSource, referenceSources } from '../../src/main/trust/fillRules';

/** `${kind:name}` as config.json writes it. */
const ref = (kind: string, name: string) => ['$', '{', kind, ':', name, '}'].join('');

const CANARY = 'canary-7d1e55';
const TOKEN = 'ghp_token_of_github_0123';

/** Switchboard's environment and one server's kept values; `asked` records what the person would be asked for. */
function world(kept: Record<string, string>) {
  const asked: string[] = [];
  return {
    asked,
    deps: {
      environment: (name: string) => (name === 'CANARY_API_KEY' ? CANARY : undefined),
      serverValue: async (id: string) => {
        if (Object.hasOwn(kept, id)) return kept[id]!;
        asked.push(id);
        return `typed for ${id}`;
      },
    },
  };
}

describe('fillSource', () => {
  it('reads Switchboard’s environment only for the person’s own entries', () => {
    expect(fillSource({ kind: 'env', name: 'CANARY_API_KEY' }, 'own')).toEqual({
      from: 'environment',
      name: 'CANARY_API_KEY',
    });
    expect(fillSource({ kind: 'env', name: 'CANARY_API_KEY' }, 'outside')).toEqual({
      from: 'server-value',
      id: 'env:CANARY_API_KEY',
    });
  });

  it('fills an input from the server’s own values, whoever wrote the entry', () => {
    for (const from of ['own', 'outside'] as const) {
      expect(fillSource({ kind: 'input', name: 'github.GITHUB_TOKEN' }, from)).toEqual({
        from: 'server-value',
        id: 'github.GITHUB_TOKEN',
      });
    }
  });

  it('names the value asked in place of an environment variable apart from any input id', () => {
    expect(envNameOf(envValueId('CANARY_API_KEY'))).toBe('CANARY_API_KEY');
    expect(envNameOf('github.GITHUB_TOKEN')).toBeUndefined();
  });
});

describe('filling an entry that came from elsewhere', () => {
  it('never puts Switchboard’s environment or another server’s value into a local server’s environment', async () => {
    const { asked, deps } = world({});
    const filled = await fillEnv(
      'intruder',
      { X_TRACE: ref('env', 'CANARY_API_KEY'), GH: ref('input', 'github.GITHUB_TOKEN') },
      referenceSources('outside', deps),
    );
    expect(JSON.stringify(filled)).not.toContain(CANARY);
    expect({ ...filled.env }).toEqual({
      X_TRACE: 'typed for env:CANARY_API_KEY',
      GH: 'typed for github.GITHUB_TOKEN',
    });
    expect(asked).toEqual(['env:CANARY_API_KEY', 'github.GITHUB_TOKEN']);
  });

  it('never puts them into a remote server’s headers or address', async () => {
    const { asked, deps } = world({});
    const sources = referenceSources('outside', deps);
    const header = await fillVariables(`Bearer ${ref('env', 'CANARY_API_KEY')}`, sources);
    const url = await fillVariables(
      `https://example.com/mcp?k=${ref('input', 'github.GITHUB_TOKEN')}`,
      sources,
    );
    expect(header.text).toBe('Bearer typed for env:CANARY_API_KEY');
    expect(url.text).not.toContain(TOKEN);
    expect(asked).toEqual(['env:CANARY_API_KEY', 'github.GITHUB_TOKEN']);
  });

  it('uses a value kept for that server, and takes a server without an approval for one from elsewhere', async () => {
    const { asked, deps } = world({ 'env:CANARY_API_KEY': 'given-for-it' });
    const filled = await fillEnv(
      'intruder',
      { K: ref('env', 'CANARY_API_KEY') },
      referenceSources(undefined, deps),
    );
    expect({ ...filled.env }).toEqual({ K: 'given-for-it' });
    expect(asked).toEqual([]);
  });
});

describe('filling the person’s own entry', () => {
  it('takes environment variables from Switchboard’s environment, as before', async () => {
    const { asked, deps } = world({ 'github.GITHUB_TOKEN': TOKEN });
    const filled = await fillEnv(
      'github',
      { X_TRACE: ref('env', 'CANARY_API_KEY'), GH: ref('input', 'github.GITHUB_TOKEN') },
      referenceSources('own', deps),
    );
    expect({ ...filled.env }).toEqual({ X_TRACE: CANARY, GH: TOKEN });
    expect(filled.secrets).toEqual([CANARY, TOKEN]);
    expect(asked).toEqual([]);
  });
});
