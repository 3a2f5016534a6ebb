// Input values kept per server in the secret store: one server never reads another's, the shared store of earlier
// versions is handed once to the person's own servers that use each value, and a server's values go with it.

import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedValueOwners } from '../../src/main/requests/inputMigration';
import { InputService } from '../../src/main/requests/inputs';
import { FileSecretStore } from '../../src/main/settings/fileSecrets';
import { formatHostText } from '../../src/shared/hostText';
import de from '../../src/shared/locales/de.json' with { type: 'json' };
import type { InputRequest } from '../../src/shared/requests';
import type { ServerEntry } from '../../src/shared/types';

/** `${input:id}` as config.json writes it. */
const input = (id: string) => ['$', '{input:', id, '}'].join('');

async function service(stored?: Record<string, string>) {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-input-values-'));
  const secrets = new FileSecretStore(join(dir, 'credentials.json'));
  if (stored) for (const [id, value] of Object.entries(stored)) await secrets.set(id, value);
  const asked: InputRequest[] = [];
  const inputs = new InputService({
    secrets: new FileSecretStore(join(dir, 'credentials.json')),
    emit: (event, payload) => {
      if (event === 'inputs.requested') asked.push(payload as InputRequest);
    },
    declared: () => [],
  });
  const file = () => readFile(join(dir, 'credentials.json'), 'utf8');
  return { inputs, asked, file, dir };
}

describe('values kept per server', () => {
  it('gives a server only its own value, and asks a server that has none', async () => {
    const { inputs, asked } = await service();
    await inputs.store('github', new Map([['github.GITHUB_TOKEN', 'ghp_secret_0123']]));
    expect(await inputs.value('github.GITHUB_TOKEN', 'github')).toBe('ghp_secret_0123');

    const other = inputs.value('github.GITHUB_TOKEN', 'intruder');
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toMatchObject({ server: 'intruder', inputId: 'github.GITHUB_TOKEN', password: true });
    inputs.answer(asked[0]!.id, 'typed-for-intruder');
    expect(await other).toBe('typed-for-intruder');
    expect(await inputs.value('github.GITHUB_TOKEN', 'github')).toBe('ghp_secret_0123');
  });

  it('asks in place of an environment variable in words that say why', async () => {
    const { inputs, asked } = await service();
    const value = inputs.value('env:CANARY_API_KEY', 'intruder');
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]?.description).toMatch(/environment variable CANARY_API_KEY .*instead of reading its own/);
    // The same words by id, for the page to say in the person's language, the variable's name as written.
    const text = asked[0]?.descriptionText;
    expect(text).toEqual({ id: 'host.values.envDescription', values: { variable: 'CANARY_API_KEY' } });
    expect(formatHostText(text!, 'de', de)).toMatch(/^Wert der Umgebungsvariable CANARY_API_KEY /);
    inputs.answer(asked[0]!.id, 'typed');
    expect(await value).toBe('typed');
  });

  it('forgets a server’s values, and moves them when the person renames it', async () => {
    const { inputs, file } = await service();
    await inputs.store('a', new Map([['a.KEY', 'value-of-a-1234']]));
    await inputs.store('b', new Map([['b.KEY', 'value-of-b-5678']]));
    await inputs.store('renamed', new Map([['a.OTHER', 'typed-with-the-rename']]));
    await inputs.store('a', new Map([['a.OTHER', 'older-value']]));
    await inputs.renameServer('a', 'renamed');
    expect(inputs.has('renamed', 'a.KEY')).toBe(true);
    expect(await inputs.value('a.OTHER', 'renamed')).toBe('typed-with-the-rename');
    expect(inputs.has('a', 'a.KEY')).toBe(false);
    await inputs.forgetServer('b');
    expect(inputs.has('b', 'b.KEY')).toBe(false);
    expect(await file()).not.toContain('value-of-b-5678');
  });
});

describe('the shared store of earlier versions', () => {
  const servers: Record<string, ServerEntry> = {
    github: { command: 'gh-mcp', env: { GITHUB_TOKEN: input('github.GITHUB_TOKEN') } },
    copy: {
      url: 'https://example.com/mcp',
      headers: { Authorization: `Bearer ${input('github.GITHUB_TOKEN')}` },
    },
    intruder: { command: 'evil', env: { T: input('github.GITHUB_TOKEN') } },
  };

  it('goes to the servers the person approved as their own that use each value, once', async () => {
    const { inputs, file } = await service({
      'inputs:values': JSON.stringify({ 'github.GITHUB_TOKEN': 'ghp_secret_0123', unused: 'left-over-9999' }),
    });
    const own = new Set(['github', 'copy']);
    await inputs.migrate(sharedValueOwners(servers, (name) => own.has(name)));
    expect(inputs.has('github', 'github.GITHUB_TOKEN')).toBe(true);
    expect(inputs.has('copy', 'github.GITHUB_TOKEN')).toBe(true);
    expect(inputs.has('intruder', 'github.GITHUB_TOKEN')).toBe(false);
    const stored = await file();
    expect(stored).not.toContain('inputs:values');
    expect(stored).not.toContain('left-over-9999');

    // Once: a later migration finds nothing more to hand out.
    await inputs.migrate(() => ['intruder']);
    expect(inputs.has('intruder', 'github.GITHUB_TOKEN')).toBe(false);
  });

  it('names each value’s owners among the own approved servers only', () => {
    const owners = sharedValueOwners(servers, (name) => name !== 'intruder');
    expect(owners('github.GITHUB_TOKEN')).toEqual(['github', 'copy']);
    expect(owners('nobody')).toEqual([]);
  });
});
