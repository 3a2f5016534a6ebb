// OAuth sign-in against a real loopback authorization server: Sign in required on a 401 (nothing opened, nothing
// registered), the code flow with PKCE through the loopback redirect, refresh, revocation, step-up, sign-out.
import { afterEach, describe, expect, it } from 'vitest';
import { identityKey } from '../../src/main/servers/auth/credentials';
import { checkAuthorizationUrl } from '../../src/main/servers/auth/provider';
import type { ConnectionState, RemoteServerEntry } from '../../src/shared/types';
import { withClockAhead } from '../clock';
import { Connections, until } from '../helpers';
import { answerInBrowser, authSettings } from './browser';
import { type RemoteFixture, startRemote, stopRemotes } from './remoteFixture';

const connections = new Connections();
afterEach(async () => {
  await connections.stopAll();
  await stopRemotes();
}, 20_000);

const NO_RETRY = { backoffMs: [60_000] };

function messageOf(state: ConnectionState): string {
  return state.kind === 'sign-in-required' ? state.message : `(state ${state.kind})`;
}

/** A connection to `remote` that has been signed in through the browser. */
async function signedIn(
  remote: RemoteFixture,
  auth = authSettings(),
  entry: Partial<RemoteServerEntry> = {},
) {
  const server = connections.create(
    'secure',
    { type: 'http', url: remote.url, ...entry },
    { ...NO_RETRY, auth },
  );
  await server.start();
  const prompt = await server.auth.signIn();
  if (!prompt) throw new Error('a browser sign-in was expected');
  const tab = await answerInBrowser(prompt.url);
  expect(tab.text).toContain('You can close this tab');
  await until('running after sign-in', () => server.view().state.kind === 'running');
  return { server, prompt, auth };
}

describe('a server that answers 401', { timeout: 30_000 }, () => {
  it('shows Sign in required without opening, registering or asking for anything', async () => {
    const remote = await startRemote({ auth: true });
    const server = connections.create(
      'secure',
      { type: 'http', url: remote.url },
      { ...NO_RETRY, auth: authSettings() },
    );
    await server.start();
    const view = server.view();
    expect(view.state.kind).toBe('sign-in-required');
    expect(messageOf(view.state)).toBe('"secure" asks you to sign in before it can be used.');
    expect(view.auth?.status).toBe('signed-out');
    const stats = await remote.stats();
    expect(stats.auth?.registrations).toBe(0);
    expect(stats.auth?.authorizePages).toBe(0);
    expect(server.view().state.kind).toBe('sign-in-required');
  });

  it('signs in through the browser with PKCE and the loopback redirect, then lists its tools', async () => {
    const remote = await startRemote({ auth: true });
    const { server, prompt } = await signedIn(remote);
    expect(prompt.authorizationServer).toBe(remote.issuer);
    expect(prompt.scopes).toContain('mcp:read');
    const url = new URL(prompt.url);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('resource')).toBe(remote.url);
    expect(url.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);

    const view = server.view();
    expect(view.tools.map((tool) => tool.name)).toContain('echo');
    expect(view.auth).toMatchObject({
      status: 'signed-in',
      account: 'ada@example.test',
      authorizationServer: remote.issuer,
      refreshable: true,
    });
    expect(view.auth?.expiresAt).toBeGreaterThan(Date.now());
    const whoami = await server.callTool('whoami', {});
    expect(whoami.content).toEqual([{ type: 'text', text: 'ada@example.test' }]);
    expect((await remote.stats()).auth).toMatchObject({
      registrations: 1,
      approvals: 1,
      codeGrants: 1,
      applicationTypes: ['native'],
    });
    const shown = JSON.stringify([server.view(), server.wire(), server.logs()]);
    expect(shown).not.toMatch(/"(at|rt|code)_[A-Za-z0-9_-]{10,}/);
  });

  it('keeps the sign-in for the next run, and never reuses it for another address', async () => {
    const remote = await startRemote({ auth: true });
    const { server, auth } = await signedIn(remote);
    await server.stop();

    const again = connections.create(
      'secure',
      { type: 'http', url: remote.url },
      { ...NO_RETRY, auth: authSettings(auth.dir) },
    );
    await again.start();
    expect(again.view().state.kind).toBe('running');
    expect((await remote.stats()).auth?.authorizePages).toBe(1);

    const other = connections.create(
      'other',
      { type: 'http', url: `${remote.url}?tenant=2` },
      { ...NO_RETRY, auth: authSettings(auth.dir) },
    );
    await other.start();
    expect(other.view().state.kind).toBe('sign-in-required');
  });

  it('uses a client registered beforehand instead of registering one', async () => {
    const remote = await startRemote({ auth: true });
    await remote.control('preregister', { client_id: 'switchboard-pre', client_secret: 'pre-secret' });
    const { server } = await signedIn(remote, authSettings(), {
      oauth: { clientId: 'switchboard-pre', clientSecret: 'pre-secret' },
    });
    expect(server.view().state.kind).toBe('running');
    expect((await remote.stats()).auth?.registrations).toBe(0);
  });
});

describe('credentials bound to their authorization server', { timeout: 30_000 }, () => {
  it('are not presented to another one: its refresh token stays unused and a new client is registered', async () => {
    const remote = await startRemote({ auth: true });
    const { server, auth } = await signedIn(remote);
    await server.stop();
    const other = 'https://other-authorization-server.example';
    await auth.store.update(identityKey(new URL(remote.url).href, undefined), remote.url, (credentials) => {
      if (credentials.client) credentials.client.issuer = other;
      if (credentials.tokens) credentials.tokens.issuer = other;
    });
    await remote.control('expire-access-tokens');
    const again = connections.create('secure', { type: 'http', url: remote.url }, { ...NO_RETRY, auth });
    await again.start();
    expect(again.view().state.kind).toBe('sign-in-required');
    expect((await remote.stats()).auth).toMatchObject({
      registrations: 1,
      refreshGrants: 0,
      failedRefreshes: 0,
    });

    const prompt = await again.auth.signIn();
    if (!prompt) throw new Error('a browser sign-in was expected');
    await answerInBrowser(prompt.url);
    await until('running after sign-in', () => again.view().state.kind === 'running');
    expect((await remote.stats()).auth).toMatchObject({ registrations: 2, refreshGrants: 0 });
    const kept = await auth.store.read(identityKey(new URL(remote.url).href, undefined));
    expect(kept?.client?.issuer).toBe(remote.issuer);
  });
});

describe('tokens over time', { timeout: 30_000 }, () => {
  it('renews an expired access token with the refresh token, without the person', async () => {
    const remote = await startRemote({ auth: true });
    const { server } = await signedIn(remote);
    await remote.control('expire-access-tokens');
    const result = await server.callTool('echo', { text: 'still in' });
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: still in' }]);
    const stats = await remote.stats();
    expect(stats.auth?.refreshGrants).toBe(1);
    expect(stats.auth?.authorizePages).toBe(1);
  });

  it('renews a token shortly before it expires, so no request is refused', async () => {
    const remote = await startRemote({ auth: true, tokenSeconds: 600 });
    const { server } = await signedIn(remote);
    const refused = (await remote.stats()).unauthorized;
    expect((await remote.stats()).auth?.refreshGrants).toBe(0);
    // The host's clock goes on 9.5 of the token's 10 minutes; the server still takes the token.
    await withClockAhead(570_000, () => server.callTool('echo', { text: 'fresh' }));
    const stats = await remote.stats();
    expect(stats.auth?.refreshGrants).toBe(1);
    expect(stats.unauthorized).toBe(refused);
  });

  it('asks for a sign-in again once the refresh token is revoked', async () => {
    const remote = await startRemote({ auth: true });
    const { server } = await signedIn(remote);
    await remote.control('revoke-refresh-tokens');
    await remote.control('expire-access-tokens');
    await expect(server.callTool('echo', { text: 'x' })).rejects.toThrow(
      'Your sign-in to "secure" expired or was revoked. Sign in again to use it.',
    );
    await until('sign-in required', () => server.view().state.kind === 'sign-in-required');
    expect(messageOf(server.view().state)).toBe(
      'Your sign-in to "secure" expired or was revoked. Sign in again to use it.',
    );
    expect((await remote.stats()).auth?.failedRefreshes).toBe(1);

    const prompt = await server.auth.signIn();
    await answerInBrowser(prompt!.url);
    await until('running again', () => server.view().state.kind === 'running');
  });
});

describe('more permissions and sign-out', { timeout: 30_000 }, () => {
  it('asks the person again when a request needs a larger scope', async () => {
    const remote = await startRemote({ auth: true });
    const { server } = await signedIn(remote);
    await remote.control('require-scope', { scope: 'mcp:write' });
    await expect(server.callTool('echo', { text: 'x' })).rejects.toThrow(
      '"secure" needs more permissions for this (mcp:read mcp:write). Press Sign in on its page to grant them, then try again.',
    );
    expect(server.view().state.kind).toBe('running');
    expect(server.view().auth?.moreScopes).toEqual(['mcp:read', 'mcp:write']);

    const prompt = await server.auth.signIn();
    expect(prompt?.scopes).toEqual(expect.arrayContaining(['mcp:read', 'mcp:write']));
    const tab = await answerInBrowser(prompt!.url);
    expect(tab.text).toContain('You can close this tab');
    await until('the larger scope', () => server.view().auth?.scopes?.includes('mcp:write'));
    const result = await server.callTool('echo', { text: 'allowed now' });
    expect(result.content).toEqual([{ type: 'text', text: 'Echo: allowed now' }]);
    expect(server.view().auth?.moreScopes).toBeUndefined();
  });

  it('revokes and forgets the tokens on sign-out, and needs a sign-in again', async () => {
    const remote = await startRemote({ auth: true });
    const { server } = await signedIn(remote);
    await server.auth.signOut();
    expect(server.view().state.kind).toBe('sign-in-required');
    expect(server.view().auth?.status).toBe('signed-out');
    expect((await remote.stats()).auth?.revocations).toBe(2);
  });

  it('reports a denied sign-in and stays signed out', async () => {
    const remote = await startRemote({ auth: true });
    const server = connections.create(
      'secure',
      { type: 'http', url: remote.url },
      { ...NO_RETRY, auth: authSettings() },
    );
    await server.start();
    const prompt = await server.auth.signIn();
    const tab = await answerInBrowser(prompt!.url, 'deny');
    expect(tab.status).toBe(400);
    expect(tab.text).toContain('Access was denied at the authorization server.');
    await until('the problem', () => server.view().auth?.problem);
    expect(server.view().auth?.problem).toBe(
      'Sign-in to "secure" failed: Access was denied at the authorization server.',
    );
    expect(server.view().state.kind).toBe('sign-in-required');
  });
});

describe('an answer from another authorization server', { timeout: 30_000 }, () => {
  it('is refused without showing what it claimed', async () => {
    const remote = await startRemote({ auth: true });
    const server = connections.create(
      'secure',
      { type: 'http', url: remote.url },
      { ...NO_RETRY, auth: authSettings() },
    );
    await server.start();
    const prompt = await server.auth.signIn();
    const tab = await answerInBrowser(prompt!.url, 'approve', (back) =>
      back.searchParams.set('iss', 'https://attacker.example'),
    );
    expect(tab.status).toBe(400);
    expect(tab.text).not.toContain('attacker.example');
    await until('the problem', () => server.view().auth?.problem);
    expect(server.view().auth?.problem).toBe(
      'Sign-in to "secure" failed: The answer came back from another authorization server than the one asked, so the sign-in was stopped.',
    );
    expect((await remote.stats()).auth?.codeGrants).toBe(0);
  });
});

describe('the authorization page', () => {
  it('is opened only when it is https, or http on this machine', () => {
    expect(() => checkAuthorizationUrl(new URL('https://auth.example.com/authorize'))).not.toThrow();
    expect(() => checkAuthorizationUrl(new URL('http://127.0.0.1:9000/authorize'))).not.toThrow();
    expect(() => checkAuthorizationUrl(new URL('http://auth.example.com/authorize'))).toThrow(
      'is not a secure https address (http://auth.example.com)',
    );
    expect(() => checkAuthorizationUrl(new URL('file:///etc/passwd'))).toThrow(/not a secure https address/);
    expect(() => checkAuthorizationUrl(new URL('javascript:alert(1)'))).toThrow(/not a secure https address/);
  });
});
