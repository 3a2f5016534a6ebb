// A remote entry's `oauth` grant in config.json: checked with errors that say what to write, its secrets masked for
// the window and the config editor and restored when saved back, its inputs listed, its key's algorithm chosen.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { maskKeys } from '../../src/main/config/secretMask';
import { validateConfigText } from '../../src/main/config/validate';
import { signingKey } from '../../src/main/servers/auth/machineConfig';
import { maskEntry, SECRET_MASK, unmaskEntry } from '../../src/shared/entrySecrets';
import { inputIdsOf } from '../../src/shared/inputReferences';
import type { RemoteServerEntry } from '../../src/shared/types';

const input = (id: string) => ['$', '{input:', id, '}'].join('');

function problemOf(oauth: unknown): string | undefined {
  const result = validateConfigText(
    JSON.stringify({ mcpServers: { api: { url: 'https://api.example.com/mcp', oauth } } }),
  );
  return result.ok ? result.invalid[0]?.problem.message : result.problem.message;
}

describe('the oauth grant in config.json', () => {
  it('accepts each grant with the fields it needs', () => {
    expect(problemOf({ clientId: 'app', scopes: ['read'] })).toBeUndefined();
    expect(
      problemOf({ grant: 'client_credentials', clientId: 'app', clientSecret: input('s') }),
    ).toBeUndefined();
    expect(
      problemOf({
        grant: 'private_key_jwt',
        clientId: 'app',
        privateKeyFile: '~/keys/app.pem',
        algorithm: 'RS256',
      }),
    ).toBeUndefined();
    expect(
      problemOf({
        grant: 'cross_app',
        clientId: 'app',
        clientSecret: input('s'),
        idpTokenEndpoint: 'https://idp.example.com/oauth2/token',
        idpClientId: 'app-at-idp',
        idTokenFile: '/run/user/1000/id-token',
        issuer: 'https://auth.example.com',
      }),
    ).toBeUndefined();
  });

  it('says what is missing or wrong', () => {
    expect(problemOf({ grant: 'client_credential', clientId: 'app' })).toBe(
      'mcpServers.api.oauth.grant: grant must be "client_credentials", "private_key_jwt" or "cross_app" (or left out to sign in with a browser)',
    );
    expect(problemOf({ grant: 'client_credentials', clientId: 'app' })).toMatch(
      /^mcpServers\.api\.oauth\.clientSecret: /,
    );
    expect(problemOf({ grant: 'private_key_jwt', clientId: 'app' })).toBe(
      'mcpServers.api.oauth: Give the private key either as privateKey or as privateKeyFile (one of them)',
    );
    expect(
      problemOf({ grant: 'private_key_jwt', clientId: 'app', privateKeyFile: 'k', algorithm: 'HS256' }),
    ).toMatch(/^mcpServers\.api\.oauth\.algorithm: /);
    expect(
      problemOf({
        grant: 'cross_app',
        clientId: 'app',
        clientSecret: 's',
        idpTokenEndpoint: 'ftp://idp.example.com/token',
        idpClientId: 'x',
        idToken: 't',
      }),
    ).toBe(
      'mcpServers.api.oauth.idpTokenEndpoint: idpTokenEndpoint must be the identity provider’s https:// token endpoint',
    );
  });
});

describe('the secrets of a grant', () => {
  const stored: RemoteServerEntry = {
    url: 'https://api.example.com/mcp',
    oauth: {
      grant: 'cross_app',
      clientId: 'app',
      clientSecret: 'plain-secret',
      idpTokenEndpoint: 'https://idp.example.com/token',
      idpClientId: 'app-at-idp',
      idpClientSecret: input('api.idp-secret'),
      idToken: 'eyJraWQ.plain.token',
    },
  };

  it('are masked for the window unless they are only references, and restored from the stored entry', () => {
    const shown = maskEntry(stored) as RemoteServerEntry;
    expect(shown.oauth).toMatchObject({
      clientSecret: SECRET_MASK,
      idToken: SECRET_MASK,
      idpClientSecret: input('api.idp-secret'),
      clientId: 'app',
    });
    expect(unmaskEntry(shown, stored)).toEqual(stored);
    expect(inputIdsOf(stored)).toEqual(['api.idp-secret']);
  });

  it('are masked in the config editor', () => {
    const text = JSON.stringify({ mcpServers: { api: stored } }, null, 2);
    const masked = maskKeys(text);
    expect(masked).not.toContain('plain-secret');
    expect(masked).not.toContain('eyJraWQ.plain.token');
    expect(masked).toContain(input('api.idp-secret'));
  });
});

describe('the signing key', () => {
  it('chooses the algorithm from the key and refuses one it cannot sign with', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).privateKey;
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect(signingKey(ec.export({ type: 'sec1', format: 'pem' }).toString(), undefined).algorithm).toBe(
      'ES384',
    );
    const fromRsa = signingKey(rsa.export({ type: 'pkcs1', format: 'pem' }).toString(), undefined);
    expect(fromRsa.algorithm).toBe('RS256');
    expect(fromRsa.pem).toContain('-----BEGIN PRIVATE KEY-----');
    expect(() => signingKey(rsa.export({ type: 'pkcs8', format: 'pem' }).toString(), 'ES256')).toThrow(
      'The private key cannot sign with ES256; it signs with RS256. Change the algorithm or the key.',
    );
    expect(() => signingKey('not a key', undefined)).toThrow('The private key could not be read.');
    // Pasted into a one-line field, a key loses its line breaks; it still reads.
    const flattened = ec.export({ type: 'pkcs8', format: 'pem' }).toString().replace(/\n/g, ' ');
    expect(signingKey(flattened, undefined).algorithm).toBe('ES384');
  });
});
