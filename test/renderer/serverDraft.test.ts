// The server form's draft: made from an entry and back without loss, secrets as references, problems in plain words.
import { describe, expect, it } from 'vitest';
import {
  type DraftRow,
  draftFromEntry,
  emptyDraft,
  entryFromDraft,
  rowKey,
} from '../../src/renderer/src/features/settings/serverDraft';
import { inputReference } from '../../src/shared/inputReferences';
import type { ServerEntry } from '../../src/shared/types';

const ids = { server: 'github', taken: new Set<string>() };
const row = (name: string, value: string, secret = false, input?: string): DraftRow => ({
  key: rowKey(),
  name,
  value,
  secret,
  ...(input ? { input } : {}),
});

describe('draftFromEntry and entryFromDraft', () => {
  it('give back the same local entry', () => {
    const entry: ServerEntry = {
      command: 'npx',
      args: ['-y', 'a server', '--flag=x y'],
      env: { ROOT: '/home/me', EMPTY: '' },
      cwd: '/tmp',
      disabled: true,
      apps: false,
    };
    const built = entryFromDraft(draftFromEntry(entry), ids);
    expect(built.problems).toEqual([]);
    expect(built.entry).toEqual(entry);
    expect(built.secrets.size).toBe(0);
  });

  it('give back the same remote entry', () => {
    const entry: ServerEntry = { type: 'sse', url: 'https://example.com/sse', headers: { 'X-Team': 'a' } };
    expect(entryFromDraft(draftFromEntry(entry), ids).entry).toEqual(entry);
  });

  it('show a stored secret as secret, without its value, and keep its reference', () => {
    const entry: ServerEntry = { command: 'x', env: { TOKEN: inputReference('github.TOKEN') } };
    const draft = draftFromEntry(entry);
    expect(draft.env).toEqual([
      expect.objectContaining({ name: 'TOKEN', value: '', secret: true, input: 'github.TOKEN' }),
    ]);
    const built = entryFromDraft(draft, ids);
    expect(built.entry).toEqual(entry);
    expect(built.secrets.size).toBe(0);
  });

  it('show a secret typed in this dialog again after a trip through the JSON view', () => {
    const entry: ServerEntry = { command: 'x', env: { TOKEN: inputReference('github.TOKEN') } };
    const draft = draftFromEntry(entry, new Map([['github.TOKEN', 'typed']]));
    expect(draft.env[0]).toMatchObject({ value: 'typed', secret: true });
    expect(entryFromDraft(draft, ids).secrets).toEqual(new Map([['github.TOKEN', 'typed']]));
  });
});

describe('entryFromDraft', () => {
  it('turns a new secret into a reference named after the server and variable, and hands over its value', () => {
    const draft = {
      ...emptyDraft(),
      command: 'npx',
      env: [row('GITHUB_TOKEN', 'ghp_secret', true), row('A', 'b')],
    };
    const built = entryFromDraft(draft, ids);
    expect(built.problems).toEqual([]);
    expect(built.entry).toEqual({
      command: 'npx',
      env: { GITHUB_TOKEN: inputReference('github.GITHUB_TOKEN'), A: 'b' },
    });
    expect(JSON.stringify(built.entry)).not.toContain('ghp_secret');
    expect(built.secrets).toEqual(new Map([['github.GITHUB_TOKEN', 'ghp_secret']]));
  });

  it('never takes an id another server uses', () => {
    const draft = { ...emptyDraft(), command: 'x', env: [row('TOKEN', 'v', true)] };
    const built = entryFromDraft(draft, { server: 'my server', taken: new Set(['my-server.TOKEN']) });
    expect(built.entry).toEqual({ command: 'x', env: { TOKEN: inputReference('my-server.TOKEN-2') } });
  });

  it('replaces a stored secret’s value under its own id', () => {
    const draft = { ...emptyDraft(), command: 'x', env: [row('TOKEN', 'new', true, 'old.id')] };
    const built = entryFromDraft(draft, ids);
    expect(built.entry).toEqual({ command: 'x', env: { TOKEN: inputReference('old.id') } });
    expect(built.secrets).toEqual(new Map([['old.id', 'new']]));
  });

  it('leaves out empty rows and empty arguments', () => {
    const draft = {
      ...emptyDraft(),
      command: ' npx ',
      args: [
        { key: rowKey(), value: '' },
        { key: rowKey(), value: 'a' },
      ],
      env: [row('', '')],
    };
    expect(entryFromDraft(draft, ids).entry).toEqual({ command: 'npx', args: ['a'] });
  });

  it('says what is missing or wrong', () => {
    const draft = {
      ...emptyDraft(),
      env: [
        row('TOKEN', '', true),
        row('A', '1'),
        row('A', '2'),
        row('', 'orphan'),
        row('B', '', false, 'b.id'),
      ],
    };
    expect(entryFromDraft(draft, ids).problems).toEqual([
      'Command: give the program that starts the server, like npx or uvx.',
      'Environment variable "TOKEN": type the secret value.',
      'Environment variable "A" is given twice.',
      'Environment variable: a row has a value but no name.',
      'Environment variable "B": type its value, or keep it secret.',
    ]);
    expect(
      entryFromDraft({ ...emptyDraft(), kind: 'remote', headers: [row('Bad Header', 'x')] }, ids).problems,
    ).toEqual([
      'URL: give the server’s address, like https://example.com/mcp.',
      'Header "Bad Header": this name cannot be used.',
    ]);
  });

  it('keeps a variable called __proto__ as a variable', () => {
    const built = entryFromDraft({ ...emptyDraft(), command: 'x', env: [row('__proto__', 'v')] }, ids);
    expect(Object.keys((built.entry as { env: object }).env)).toEqual(['__proto__']);
  });
});

describe('the sign-in of a remote server', () => {
  const remote = { ...emptyDraft(), kind: 'remote' as const, url: 'https://api.example.com/mcp' };

  it('keeps a browser sign-in’s registered client as it was', () => {
    const entry: ServerEntry = { url: 'https://x.example/mcp', oauth: { clientId: 'pre', scopes: ['a'] } };
    const draft = draftFromEntry(entry);
    expect(draft.signIn.grant).toBe('browser');
    expect(entryFromDraft(draft, ids).entry).toEqual(entry);
  });

  it('stores a typed client secret as an input and writes only its reference', () => {
    const draft = {
      ...remote,
      signIn: {
        ...remote.signIn,
        grant: 'client_credentials' as const,
        clientId: 'app',
        clientSecret: { value: 's3cret' },
      },
    };
    const built = entryFromDraft(draft, ids);
    expect(built.problems).toEqual([]);
    expect(built.entry).toEqual({
      url: 'https://api.example.com/mcp',
      oauth: {
        grant: 'client_credentials',
        clientId: 'app',
        clientSecret: inputReference('github.client-secret'),
      },
    });
    expect(built.secrets).toEqual(new Map([['github.client-secret', 's3cret']]));

    const again = draftFromEntry(built.entry);
    expect(again.signIn.clientSecret).toEqual({ value: '', input: 'github.client-secret' });
    expect(entryFromDraft(again, ids)).toMatchObject({ entry: built.entry, problems: [] });
  });

  it('gives an enterprise-managed entry back the same, masked values kept as they came', () => {
    const entry: ServerEntry = {
      url: 'https://api.example.com/mcp',
      oauth: {
        grant: 'cross_app',
        clientId: 'app',
        clientSecret: '••••••••',
        idpTokenEndpoint: 'https://idp.example.com/token',
        idpClientId: 'app-at-idp',
        idTokenFile: '~/.cache/id-token',
        scopes: ['read', 'write'],
        issuer: 'https://auth.example.com',
      },
    };
    const built = entryFromDraft(draftFromEntry(entry), ids);
    expect(built.problems).toEqual([]);
    expect(built.entry).toEqual(entry);
  });

  it('says what a grant is missing', () => {
    const draft = { ...remote, signIn: { ...remote.signIn, grant: 'private_key_jwt' as const } };
    expect(entryFromDraft(draft, ids).problems).toEqual([
      'Client ID: give the client ID the authorization server knows this app by.',
      'Private key: give the file it is kept in, or paste it.',
    ]);
  });
});
