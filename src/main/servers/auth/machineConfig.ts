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
            : await readSecretFile(oauth.privateKeyFile ?? '', 'private key');
        const key = signingKey(text, oauth.algorithm);
        return { ...base, kind: 'private-key-jwt', privateKeyPem: key.pem, algorithm: key.algorithm };
      }
      case 'cross_app': {
        const file = oauth.idTokenFile;
        // A file is read again for every exchange: the tool that signs the person in keeps it current.
        const idToken =
          file !== undefined
            ? async () => checkedIdToken(await readSecretFile(file, 'ID token'), `The file ${file}`)
            : checkedIdToken(await fill(oauth.idToken ?? ''), 'The ID token');
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
function checkedIdToken(text: string, what: string): string {
  const token = text.trim();
  if (token.length <= 16_384 && JWT.test(token)) return token;
  throw new MachineGrantError(
    `${what} does not hold an ID token (a JWT: three parts separated by dots), so nothing was sent to the identity provider. Check the ID token in the server's settings.`,
  );
}

/** The whole (trimmed) text of a file named in the settings; `~/` is the home folder. */
async function readSecretFile(path: string, what: string): Promise<string> {
  const full = path.startsWith('~/') ? `${homedir()}${path.slice(1)}` : path;
  let text: string;
  try {
    text = await readFile(full, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    const why = code === 'ENOENT' ? 'there is no such file' : code === 'EACCES' ? 'it may not be read' : code;
    throw new MachineGrantError(
      `The ${what} file ${path} could not be read (${why}). Check the path in the server's settings.`,
    );
  }
  const trimmed = text.trim();
  if (!trimmed) throw new MachineGrantError(`The ${what} file ${path} is empty.`);
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
    throw new MachineGrantError(
      'The private key could not be read. Give a PEM private key (it begins with "-----BEGIN PRIVATE KEY-----").',
    );
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
    throw new MachineGrantError(
      `A ${type ?? 'this kind of'} key cannot sign the client's assertion. Use an RSA key or an EC key on P-256, P-384 or P-521.`,
    );
  }
  const family = (algorithm: string) => (algorithm.startsWith('ES') ? 'ec' : 'rsa');
  if (chosen && (family(chosen) !== family(own) || (family(own) === 'ec' && chosen !== own))) {
    throw new MachineGrantError(
      `The private key cannot sign with ${chosen}; it signs with ${own}. Change the algorithm or the key.`,
    );
  }
  return { pem: key.export({ type: 'pkcs8', format: 'pem' }).toString(), algorithm: chosen ?? own };
}
