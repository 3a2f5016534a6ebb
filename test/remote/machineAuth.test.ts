// Remote servers that sign in without a person, through the real host: client credentials with a secret or a
// private_key_jwt assertion, and enterprise-managed authorization (an ID token exchanged at the IdP for an ID-JAG).
// No Sign in, no browser; a wrong secret or a token for another server is a clear error; tokens renew before expiry.

import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Host } from '../../src/main/host';
import { formatHostText } from '../../src/shared/hostText';
import de from '../../src/shared/locales/de.json' with { type: 'json' };
import type { RemoteServerEntry, ServerView, ToolCallResult } from '../../src/shared/types';
import { withClockAhead } from '../clock';
import { until } from '../helpers';
import { type RemoteFixture, startRemote, stopRemotes } from './remoteFixture';

const hosts: Host[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.shutdown()));
  await stopRemotes();
}, 20_000);

/** `${input:id}` as config.json writes it. */
const input = (id: string) => ['$', '{input:', id, '}'].join('');

/** A host whose one server `api` is `entry`, saved as the server form saves it (secret values by input id). */
async function hostWith(entry: RemoteServerEntry, secrets: Record<string, string>) {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-machine-'));
  await writeFile(join(dir, 'config.json'), JSON.stringify({ mcpServers: {} }));
  const host = await Host.create({ dataDir: dir, restartBackoffMs: [60_000] });
  hosts.push(host);
  const asked: unknown[] = [];
  host.on('inputs.requested', (request) => asked.push(request));
  await host.commands['config.putServer']({ name: 'api', entry, secrets });
  const view = async () =>
    (await host.commands['servers.list']({})).find((server) => server.name === 'api') as ServerView;
  const settled = async () => {
    await until('the server settles', async () => {
      const kind = (await view())?.state.kind;
      return kind === 'running' || kind === 'error' || kind === 'sign-in-required';
    });
    return view();
  };
  return { host, dir, view, settled, asked };
}

async function whoami(host: Host): Promise<string> {
  const result = (await host.commands['tools.call']({
    server: 'api',
    tool: 'whoami',
    args: {},
  })) as ToolCallResult;
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

function errorOf(view: ServerView): Extract<ServerView['state'], { kind: 'error' }>['error'] {
  if (view.state.kind !== 'error') throw new Error(`expected an error, the server is ${view.state.kind}`);
  return view.state.error;
}

async function clientCredentials(remote: RemoteFixture, secret: string) {
  await remote.control('preregister', { client_id: 'sb-machine', client_secret: 'cc-secret-1' });
  return hostWith(
    {
      url: remote.url,
      oauth: { grant: 'client_credentials', clientId: 'sb-machine', clientSecret: input('api.secret') },
    },
    { 'api.secret': secret },
  );
}

describe('client credentials', { timeout: 30_000 }, () => {
  it('connects with the client secret, with no Sign in and nothing asked or opened', async () => {
    const remote = await startRemote({ auth: true });
    const { host, settled, asked } = await clientCredentials(remote, 'cc-secret-1');
    const view = await settled();
    expect(view.state.kind).toBe('running');
    expect(view.auth).toBeUndefined();
    expect(asked).toEqual([]);
    expect(await whoami(host)).toBe('sb-machine');
    const stats = (await remote.stats()).auth;
    expect(stats).toMatchObject({ registrations: 0, authorizePages: 0, clientCredentialsGrants: 1 });
    expect(stats?.clientAuthMethods).toEqual(['client_secret_basic']);
    const config = await host.commands['config.get']({});
    expect(JSON.stringify(config)).not.toContain('cc-secret-1');
    expect(JSON.stringify(await host.commands['servers.wire']({ server: 'api' }))).not.toContain(
      'cc-secret-1',
    );
  });

  it('says the client secret is wrong, and does not retry on its own', async () => {
    const remote = await startRemote({ auth: true });
    const { settled } = await clientCredentials(remote, 'not-the-secret');
    const error = errorOf(await settled());
    expect(error.message).toBe(
      '"api" could not get an access token: the authorization server did not accept the client (Unknown client or wrong secret). Check the client ID and client secret in the server\'s settings.',
    );
    expect(error.gaveUp).toBe(true);
  });

  it('renews the token shortly before it expires, so no request is refused', async () => {
    const remote = await startRemote({ auth: true, tokenSeconds: 600 });
    const { host, settled } = await clientCredentials(remote, 'cc-secret-1');
    expect((await settled()).state.kind).toBe('running');
    const refused = (await remote.stats()).unauthorized;
    expect((await remote.stats()).auth?.clientCredentialsGrants).toBe(1);
    // The host's clock goes on 9.5 of the token's 10 minutes; the server still takes the token.
    expect(await withClockAhead(570_000, () => whoami(host))).toBe('sb-machine');
    const stats = await remote.stats();
    expect(stats.auth?.clientCredentialsGrants).toBe(2);
    expect(stats.unauthorized).toBe(refused);
  });

  it('stops with the reason when its secret stops working during a session', async () => {
    const remote = await startRemote({ auth: true });
    const { host, settled, view } = await clientCredentials(remote, 'cc-secret-1');
    expect((await settled()).state.kind).toBe('running');
    await remote.control('preregister', { client_id: 'sb-machine', client_secret: 'rotated-secret' });
    await remote.control('expire-access-tokens');
    const message =
      '"api" could not get an access token: the authorization server did not accept the client (Unknown client or wrong secret). Check the client ID and client secret in the server\'s settings.';
    await expect(whoami(host)).rejects.toThrow(message);
    expect(errorOf(await view())).toMatchObject({ message, gaveUp: true });
  });

  it('sends the secret only to the authorization server named as issuer', async () => {
    const remote = await startRemote({ auth: true });
    await remote.control('preregister', { client_id: 'sb-machine', client_secret: 'cc-secret-1' });
    const oauth = {
      grant: 'client_credentials',
      clientId: 'sb-machine',
      clientSecret: input('api.secret'),
    } as const;
    const pinned = await hostWith(
      { url: remote.url, oauth: { ...oauth, issuer: remote.issuer } },
      { 'api.secret': 'cc-secret-1' },
    );
    expect((await pinned.settled()).state.kind).toBe('running');

    const elsewhere = await hostWith(
      { url: remote.url, oauth: { ...oauth, issuer: 'https://auth.example.com' } },
      { 'api.secret': 'cc-secret-1' },
    );
    expect(errorOf(await elsewhere.settled()).message).toBe(
      '"api" sends its clients to another authorization server than the issuer in its settings, so its credentials were not sent. Check the issuer in the server\'s settings.',
    );
    expect((await remote.stats()).auth?.clientCredentialsGrants).toBe(1);
  });

  it('says so when the token it gets is for another server', async () => {
    const remote = await startRemote({ auth: true });
    await remote.control('wrong-audience');
    const { settled } = await clientCredentials(remote, 'cc-secret-1');
    const error = errorOf(await settled());
    expect(error.message).toBe(
      '"api" turned down the access token its authorization server gave (HTTP 401). The token may be meant for another server: check the scopes and the authorization server in the server\'s settings.',
    );
    expect(error.gaveUp).toBe(true);
  });
});

describe('private key JWT', { timeout: 30_000 }, () => {
  it('connects with an assertion signed by the key in a file, the algorithm taken from the key', async () => {
    const remote = await startRemote({ auth: true });
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    await remote.control('preregister-key', {
      client_id: 'sb-key',
      public_key: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    });
    const keyDir = await mkdtemp(join(tmpdir(), 'switchboard-key-'));
    const keyFile = join(keyDir, 'client.pem');
    // SEC 1 ("EC PRIVATE KEY"), as openssl writes it; the host turns it into PKCS #8 itself.
    await writeFile(keyFile, privateKey.export({ type: 'sec1', format: 'pem' }), { mode: 0o600 });
    const { host, settled } = await hostWith(
      { url: remote.url, oauth: { grant: 'private_key_jwt', clientId: 'sb-key', privateKeyFile: keyFile } },
      {},
    );
    expect((await settled()).state.kind).toBe('running');
    expect(await whoami(host)).toBe('sb-key');
    expect((await remote.stats()).auth?.clientAuthMethods).toEqual(['private_key_jwt']);
  });

  it('names a key file that is not there', async () => {
    const remote = await startRemote({ auth: true });
    const { settled } = await hostWith(
      {
        url: remote.url,
        oauth: { grant: 'private_key_jwt', clientId: 'sb-key', privateKeyFile: '/nonexistent/key.pem' },
      },
      {},
    );
    const error = errorOf(await settled());
    expect(error.message).toBe(
      '"api" could not sign in: The private key file /nonexistent/key.pem could not be read (there is no such file). Check the path in the server\'s settings.',
    );
    // By id too, the path as written inside it, so the page says it in the person's language.
    expect(error.text).toMatchObject({
      id: 'host.signIn.couldNotSignIn',
      values: {
        error: { id: 'host.signIn.fileUnreadable', values: { kind: 'key', path: '/nonexistent/key.pem' } },
      },
    });
    expect(formatHostText(error.text!, 'de', de)).toContain(
      'Die Datei mit dem privaten Schlüssel /nonexistent/key.pem konnte nicht gelesen werden (die Datei gibt es nicht)',
    );
    expect((await remote.stats()).auth?.clientCredentialsGrants).toBe(0);
  });
});

describe('enterprise-managed authorization', { timeout: 30_000 }, () => {
  async function crossApp(remote: RemoteFixture, idToken: string) {
    const idp = remote.idp!;
    return hostWith(
      {
        url: remote.url,
        oauth: {
          grant: 'cross_app',
          clientId: idp.clientId,
          clientSecret: input('api.secret'),
          idpTokenEndpoint: idp.tokenEndpoint,
          idpClientId: idp.idpClientId,
          idToken: input('api.id-token'),
        },
      },
      { 'api.secret': idp.clientSecret, 'api.id-token': idToken },
    );
  }

  it('exchanges the ID token at the IdP for an ID-JAG, and that for an access token', async () => {
    const remote = await startRemote({ idp: true });
    const { host, settled } = await crossApp(remote, await remote.idToken('grace@example.test'));
    const view = await settled();
    expect(view.state.kind).toBe('running');
    expect(view.auth).toBeUndefined();
    expect(await whoami(host)).toBe('grace@example.test');
    const stats = await remote.stats();
    expect(stats.idp).toEqual({ exchanges: 1, refusedExchanges: 0 });
    expect(stats.auth).toMatchObject({ jwtBearerGrants: 1, authorizePages: 0, registrations: 0 });
  });

  it('sends nothing from an ID token file that holds something else', async () => {
    const remote = await startRemote({ idp: true });
    const dir = await mkdtemp(join(tmpdir(), 'switchboard-idtoken-'));
    const file = join(dir, 'not-a-token');
    await writeFile(
      file,
      '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n',
    );
    const idp = remote.idp!;
    const { settled } = await hostWith(
      {
        url: remote.url,
        oauth: {
          grant: 'cross_app',
          clientId: idp.clientId,
          clientSecret: input('api.secret'),
          idpTokenEndpoint: idp.tokenEndpoint,
          idpClientId: idp.idpClientId,
          idTokenFile: file,
        },
      },
      { 'api.secret': idp.clientSecret },
    );
    expect(errorOf(await settled()).message).toBe(
      `"api" could not sign in: The file ${file} does not hold an ID token (a JWT: three parts separated by dots), so nothing was sent to the identity provider. Check the ID token in the server's settings.`,
    );
    expect((await remote.stats()).idp).toEqual({ exchanges: 0, refusedExchanges: 0 });
  });

  it('says the IdP refused an expired ID token', async () => {
    const remote = await startRemote({ idp: true });
    const { settled } = await crossApp(remote, await remote.idToken('grace@example.test', -60));
    const error = errorOf(await settled());
    expect(error.message).toContain(
      `"api" could not sign in: The identity provider at ${new URL(remote.idp!.tokenEndpoint).origin} did not exchange the ID token`,
    );
    expect(error.message).toContain(
      'Check the IdP token endpoint and IdP client ID, and that the ID token is current.',
    );
    expect(error.gaveUp).toBe(true);
    expect((await remote.stats()).auth?.jwtBearerGrants).toBe(0);
  });
});
