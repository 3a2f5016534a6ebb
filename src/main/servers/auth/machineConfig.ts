// A remote entry's `oauth` for a grant without a person, gathered before connecting: values filled in, the private
// key and the ID token read, the signing algorithm chosen from the key.
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import type { JwtAlgorithm, MachineOAuth } from '../../../shared/types';
import type { GrantSource } from './machine';
import { MachineGrantError } from './machineErrors';

/** Where the grant's values come from, each time the server connects. */
export function grantSource(oauth: MachineOAuth): GrantSource {
  return async (fill) => {
    const base = {
      scope: oauth.scopes?.length ? oauth.scopes.join(' ') : undefined,
      issuer: oauth.issuer,
      clientId: await fill(oauth.clientId),
    };
    switch (oauth.grant) {
      case 'client_credentials':
        return { ...base, kind: 'client-secret', clientSecret: await fill(oauth.clientSecret) };
      case 'private_key_jwt': {
        const text =
          oauth.privateKey !== undefined
            ? await fill(oauth.privateKey)
            : await readSecretFile(oauth.privateKeyFile ?? '', 'key');
        const key = signingKey(text, oauth.algorithm);
        return { ...base, kind: 'private-key-jwt', privateKeyPem: key.pem, algorithm: key.algorithm };
      }
      case 'cross_app': {
        const file = oauth.idTokenFile;
        // A file is read again for every exchange: the tool that signs the person in keeps it current.
        const idToken =
          file !== undefined
            ? async () => checkedIdToken(await readSecretFile(file, 'token'), file)
            : checkedIdToken(await fill(oauth.idToken ?? ''));
        if (typeof idToken !== 'string') await idToken();
        return {
          ...base,
          kind: 'cross-app',
          clientSecret: await fill(oauth.clientSecret),
          idp: {
            tokenEndpoint: oauth.idpTokenEndpoint,
            clientId: await fill(oauth.idpClientId),
            clientSecret: oauth.idpClientSecret !== undefined ? await fill(oauth.idpClientSecret) : undefined,
            idToken,
          },
        };
      }
    }
  };
}

const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/**
 * The ID token when it looks like one (a JWT). What is read is sent to the IdP, so a file that holds something
 * else (a key named by mistake, or by a pasted entry) is refused rather than sent.
 */
function checkedIdToken(text: string, file?: string): string {
  const token = text.trim();
  if (token.length <= 16_384 && JWT.test(token)) return token;
  throw new MachineGrantError({
    id: 'host.signIn.notIdToken',
    values: { source: file === undefined ? 'value' : 'file', path: file ?? '' },
  });
}

/** The whole (trimmed) text of a file named in the settings; `~/` is the home folder. */
async function readSecretFile(path: string, kind: 'key' | 'token'): Promise<string> {
  const full = path.startsWith('~/') ? `${homedir()}${path.slice(1)}` : path;
  let text: string;
  try {
    text = await readFile(full, 'utf8');
  } catch (error) {
    const code = String((error as { code?: string }).code);
    const reason = code === 'ENOENT' ? 'missing' : code === 'EACCES' ? 'denied' : 'other';
    throw new MachineGrantError({ id: 'host.signIn.fileUnreadable', values: { kind, path, reason, code } });
  }
  const trimmed = text.trim();
  if (!trimmed) throw new MachineGrantError({ id: 'host.signIn.fileEmpty', values: { kind, path } });
  return trimmed;
}

/** A PEM block whose line breaks were lost (pasted into a one-line field) with them put back. */
function pemLines(text: string): string {
  const match = /-----BEGIN ([A-Z0-9 ]+)-----(.*?)-----END \1-----/s.exec(text.trim());
  if (!match) return text;
  const body = (match[2] ?? '').replace(/\s+/g, '');
  const lines = body.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${match[1]}-----\n${lines.join('\n')}\n-----END ${match[1]}-----\n`;
}

const CURVES: Record<string, JwtAlgorithm> = { prime256v1: 'ES256', secp384r1: 'ES384', secp521r1: 'ES512' };

/** The key as PKCS #8 PEM (what the signer reads) and the algorithm it signs with: the one asked for, or its own. */
export function signingKey(
  text: string,
  chosen: JwtAlgorithm | undefined,
): { pem: string; algorithm: JwtAlgorithm } {
  let key: KeyObject;
  try {
    key = createPrivateKey(pemLines(text));
  } catch {
    throw new MachineGrantError({ id: 'host.signIn.keyUnreadable' });
  }
  const type = key.asymmetricKeyType;
  const own =
    type === 'rsa'
      ? 'RS256'
      : type === 'rsa-pss'
        ? 'PS256'
        : type === 'ec'
          ? CURVES[key.asymmetricKeyDetails?.namedCurve ?? '']
          : undefined;
  if (!own) {
    throw new MachineGrantError({
      id: 'host.signIn.keyCannotSign',
      values: { known: type ? 'yes' : 'no', type: type ?? '' },
    });
  }
  const family = (algorithm: string) => (algorithm.startsWith('ES') ? 'ec' : 'rsa');
  if (chosen && (family(chosen) !== family(own) || (family(own) === 'ec' && chosen !== own))) {
    throw new MachineGrantError({ id: 'host.signIn.keyAlgorithm', values: { chosen, own } });
  }
  return { pem: key.export({ type: 'pkcs8', format: 'pem' }).toString(), algorithm: chosen ?? own };
}
