// The approval identity of a remote server covers every field of its `oauth`, secrets hashed; entries without one keep
// the identity they always had, and the "what changed" lines show oauth changes without any secret.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { changeLines } from '../../src/main/trust/approvalRequests';
import { canonicalIdentity, identityKey, serverIdentity } from '../../src/main/trust/identity';
import { ServerApprovals } from '../../src/main/trust/serverApprovals';
import type { OAuthSettings, RemoteServerEntry, ServerEntry } from '../../src/shared/types';

const input = (id: string) => ['$', `{input:${id}}`].join('');

const crossApp: OAuthSettings = {
  grant: 'cross_app',
  clientId: 'switchboard',
  clientSecret: 'client-secret-1',
  scopes: ['mcp:read'],
  issuer: 'https://auth.example.com',
  idpTokenEndpoint: 'https://idp.example.com/token',
  idpClientId: 'idp-client',
  idpClientSecret: input('api.idp-secret'),
  idToken: 'eyJ.id.token',
  idTokenFile: '/home/a/.id-token',
};
const remote: RemoteServerEntry = {
  url: 'https://example.com/mcp',
  headers: { 'X-Team': 'blue' },
  oauth: crossApp,
};

/** `remote` with one oauth field set to `value` (undefined removes it). */
const withOAuth = (field: string, value: unknown): RemoteServerEntry => {
  const oauth: Record<string, unknown> = { ...crossApp, [field]: value };
  if (value === undefined) delete oauth[field];
  return { ...remote, oauth: oauth as OAuthSettings };
};

describe('the approval identity of oauth', () => {
  it('changes when any one oauth field changes, is added or is removed', () => {
    const changes: [string, unknown][] = [
      ['grant', 'client_credentials'],
      ['clientId', 'someone-else'],
      ['clientSecret', 'client-secret-2'],
      ['scopes', ['mcp:read', 'mcp:write']],
      ['issuer', 'https://evil.example.com'],
      ['idpTokenEndpoint', 'https://idp.evil.example/token'],
      ['idpClientId', 'other-idp-client'],
      ['idpClientSecret', input('other.secret')],
      ['idToken', 'eyJ.other.token'],
      ['idTokenFile', '/tmp/other'],
      ['privateKey', '-----BEGIN PRIVATE KEY-----'],
      ['privateKeyFile', '/home/a/key.pem'],
      ['algorithm', 'ES256'],
      ['scopes', undefined],
      ['idToken', undefined],
    ];
    const identity = serverIdentity(remote);
    const seen = new Set([identity]);
    for (const [field, value] of changes) {
      const changed = serverIdentity(withOAuth(field, value));
      expect([field, value, changed === identity]).toEqual([field, value, false]);
      seen.add(changed);
    }
    expect(seen.size).toBe(changes.length + 1);
    expect(serverIdentity({ ...remote, oauth: undefined })).not.toBe(identity);
    expect(serverIdentity({ ...remote })).toBe(identity);
    expect(serverIdentity({ ...remote, disabled: true })).toBe(identity);
  });

  it('keeps no secret in clear, and keeps the rest readable for the change dialog', () => {
    const canonical = JSON.stringify(canonicalIdentity(remote));
    for (const secret of ['client-secret-1', 'eyJ.id.token', input('api.idp-secret')])
      expect(canonical).not.toContain(secret);
    expect(canonical).toContain('https://idp.example.com/token');
    expect(canonical).toContain('idp-client');
  });

  it('leaves the identity of entries without oauth exactly as it was, so their grants, caches and approvals stay', () => {
    const entries: [string, ServerEntry, string][] = [
      [
        'local',
        { command: 'node', args: ['server.js', '--flag'], env: { KEY: 'secret', OTHER: 'x' }, cwd: '/work' },
        'server-v2:2c8ad83f3dab0b982aac842e96497c6c3f6e0d177442c56a6398bc1c36820ef5',
      ],
      [
        'bare',
        { command: 'npx', args: ['-y', 'some-server'] },
        'server-v2:b6d1f9c8fb7ccc160819d4bf1e3b8a404dfe45f7cf78f11c1efadf4426936678',
      ],
      [
        'remote',
        { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer a' } },
        'server-v2:b53cb2647bf5e33ad110f518d6d0ea344a7d532e595e6d43ddc6f7f663177dd4',
      ],
      [
        'sse',
        { type: 'sse', url: 'https://example.com/sse' },
        'server-v2:e084a8e4b8f1ba8743b1b37f0aa74c530693037b99bcf77886646c1a1ea15d10',
      ],
    ];
    for (const [what, entry, before] of entries)
      expect([what, serverIdentity(entry)]).toEqual([what, before]);
    expect(identityKey(entries[2]![1])).toBe(
      '3a47f32917e31cef7a40a8941cfc90a6dd82577354a1fdcade118046b453d69e',
    );
  });

  it('asks again after an outside change of oauth alone, and remembers what was approved across a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'switchboard-oauth-identity-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const path = join(dir, 'server-approvals.json');
    const approvals = new ServerApprovals(path);
    await approvals.load();
    approvals.approve([['api', remote]], 'own');
    expect(approvals.state('api', withOAuth('idpTokenEndpoint', 'https://idp.evil.example/token'))).toBe(
      'waiting',
    );
    await approvals.flush();
    expect(await readFile(path, 'utf8')).not.toContain('client-secret-1');

    const again = new ServerApprovals(path);
    await again.load();
    expect(again.state('api', remote)).toBe('approved');
    expect(again.lastApproved('api')).toEqual(canonicalIdentity(remote));
  });
});

describe('the one-time reset of servers with oauth', () => {
  it('keeps the person’s own server theirs when approved again only because oauth is now covered', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'switchboard-oauth-reset-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const path = join(dir, 'server-approvals.json');
    // A record of the person's own server as versions before oauth was covered wrote it.
    const { oauth: _, ...older } = canonicalIdentity(remote) as Extract<
      ReturnType<typeof canonicalIdentity>,
      { url: string }
    >;
    const olderIdentity = serverIdentity({ url: remote.url, headers: remote.headers });
    await writeFile(
      path,
      JSON.stringify({
        version: 1,
        servers: [{ name: 'api', approved: { identity: olderIdentity, canonical: older } }],
      }),
    );
    const approvals = new ServerApprovals(path);
    await approvals.load();
    expect(approvals.state('api', remote)).toBe('waiting');
    approvals.approve([['api', remote]], 'outside');
    expect(approvals.approvedFrom('api')).toBe('own');

    // Anything else changed besides oauth: approved in the dialog, it is an entry from elsewhere.
    const other = new ServerApprovals(path.replace('.json', '-2.json'));
    await writeFile(
      path.replace('.json', '-2.json'),
      JSON.stringify({
        version: 1,
        servers: [{ name: 'api', approved: { identity: olderIdentity, canonical: older } }],
      }),
    );
    await other.load();
    other.approve([['api', { ...remote, headers: { 'X-Team': 'red' } }]], 'outside');
    expect(other.approvedFrom('api')).toBe('outside');
    await Promise.all([approvals.flush(), other.flush()]);
  });
});

describe('what changed in oauth', () => {
  it('shows changed settings in clear and changed secrets as hidden and changed', () => {
    const now = {
      ...remote,
      oauth: {
        ...crossApp,
        idpTokenEndpoint: 'https://idp.evil.example/token',
        idpClientSecret: 'stolen-by-nobody',
      } as OAuthSettings,
    };
    const { before, after } = changeLines(canonicalIdentity(remote), canonicalIdentity(now));
    expect(before.split('\n')).toEqual([
      'transport: auto',
      'url: "https://example.com/mcp"',
      'header "x-team": (value hidden)',
      'oauth "clientId": "switchboard"',
      'oauth "clientSecret": (value hidden)',
      'oauth "grant": "cross_app"',
      'oauth "idToken": (value hidden)',
      'oauth "idTokenFile": "/home/a/.id-token"',
      'oauth "idpClientId": "idp-client"',
      'oauth "idpClientSecret": (value hidden, as approved)',
      'oauth "idpTokenEndpoint": "https://idp.example.com/token"',
      'oauth "issuer": "https://auth.example.com"',
      'oauth "scopes": ["mcp:read"]',
    ]);
    expect(after.split('\n')).toContain('oauth "idpTokenEndpoint": "https://idp.evil.example/token"');
    expect(after.split('\n')).toContain('oauth "idpClientSecret": (value hidden, changed since approved)');
    expect(`${before}\n${after}`).not.toMatch(/client-secret-1|stolen-by-nobody|eyJ|api\.idp-secret/);

    // An entry approved before it had oauth shows every oauth line as new.
    const added = changeLines(canonicalIdentity({ ...remote, oauth: undefined }), canonicalIdentity(remote));
    expect(added.before.split('\n')).not.toContainEqual(expect.stringMatching(/^oauth/));
    expect(added.after.split('\n')).toContain('oauth "clientSecret": (value hidden)');
  });
});
