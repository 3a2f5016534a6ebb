// Remote transports: Streamable HTTP, the older HTTP+SSE, or the first then the second for an entry that names no type.
import { createHash } from 'node:crypto';
import {
  type FetchLike,
  type OAuthClientProvider,
  SdkHttpError,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type Transport,
} from '@modelcontextprotocol/client';
import { isSecretHeader } from '../../../shared/entrySecrets';
import { formatHostText, type HostText, mapHostText } from '../../../shared/hostText';
import { remoteUrlProblem } from '../../../shared/remoteUrl';
import {
  isSocketAddress,
  parseSocketAddress,
  SOCKET_ORIGIN,
  type SocketAddress,
} from '../../../shared/socketAddress';
import type { RemoteServerEntry } from '../../../shared/types';
import { firstLine, messageOf } from '../../errors';
import { signInFailureText } from '../auth/errors';
import type { Filled } from '../references/variables';
import { errorCode, MASK, watchedFetch } from './httpFetch';
import type { Launcher } from './launcher';
import { explainSocket, socketPlatformProblem, socketTransport } from './socketTransport';

/** What a remote launcher needs from the rest of the host. */
export type RemoteOptions = {
  /** Fills in `${env:…}` and `${input:…}` (asking the person where needed); without it, text is used as written. */
  fill?: (text: string) => Promise<Filled>;
  /** The entry's sign-in, whose OAuth client is handed to the SDK transport. */
  auth?: RemoteAuth;
};

/** What a remote transport needs of a server's sign-in. */
export interface RemoteAuth {
  /** The OAuth client for this address; its own requests go through `fetchFn` (and so into the protocol log). */
  providerFor(url: URL, fetchFn: FetchLike): OAuthClientProvider;
  /** Sees every answer of the server, for its 401 and 403 challenges. */
  observe(response: Response): void;
  /** Before connecting: gathers what the OAuth client needs; `fill` fills in references (and masks their values). */
  prepare?(fill: (text: string) => Promise<string>): Promise<void>;
}

/** A remote address that may not be used; no retry will change that. */
export class RefusedAddress extends Error {
  constructor(readonly text: HostText) {
    super(formatHostText(text));
  }
}

/** Why the server's address cannot be used (`problem` as the address check says it). */
function refusedAddress(problem: HostText): RefusedAddress {
  return new RefusedAddress({ id: 'host.servers.addressUnusable', values: { problem } });
}

/** Connects to `entry.url` over HTTP; `via` says which transport the last attempt used. */
export function remoteLauncher(entry: RemoteServerEntry, options: RemoteOptions = {}): Launcher {
  let via: 'http' | 'sse' = entry.type === 'sse' ? 'sse' : 'http';
  const fill = options.fill ?? (async (text: string): Promise<Filled> => ({ text, secrets: [] }));
  const secrets = new Set<string>();
  const mask = (text: string) => {
    let masked = text;
    for (const secret of secrets) masked = masked.split(secret).join(MASK);
    return masked;
  };
  let url: URL | undefined;
  let socket: SocketAddress | undefined;
  let headers: Record<string, string> = {};
  const filled = async (text: string) => {
    const result = await fill(text);
    // Very short values would mask ordinary text; they are still never logged as header values.
    for (const secret of result.secrets) if (secret.length >= 4) secrets.add(secret);
    return result.text;
  };

  return {
    label: entry.url,
    // Hashed: some servers put a secret in the address itself, and the era cache is a plain file.
    key: `url:${createHash('sha256').update(entry.url).digest('hex').slice(0, 32)}`,
    get via() {
      return via;
    },
    slowStartAdvice: { id: 'host.servers.slowStartRemote', values: { url: entry.url } },
    async prepare() {
      const address = await filled(entry.url);
      const problem = remoteUrlProblem(address);
      if (problem) throw refusedAddress(problem);
      socket = socketOf(address);
      url = new URL(socket ? `${SOCKET_ORIGIN}${socket.requestPath}` : address);
      const values: Record<string, string> = Object.create(null);
      for (const [name, value] of Object.entries(entry.headers ?? {})) {
        values[name] = await filled(value);
        if (isSecretHeader(name, value) && values[name].length >= 4) secrets.add(values[name]);
      }
      headers = values;
      await options.auth?.prepare?.(filled);
    },
    async open(hooks) {
      if (!url) throw new Error('The address was not prepared.');
      const watch = { headers, mask, record: hooks.http, broken: hooks.broken };
      if (socket) return socketTransport(socket, url, watch);
      const auth = options.auth;
      const fetch = watchedFetch({
        ...watch,
        serverUrl: url,
        observe: auth ? (response) => auth.observe(response) : undefined,
        legacySse: via === 'sse',
      });
      const common = { fetch, authProvider: auth?.providerFor(url, fetch) };
      // A 403 insufficient_scope is put to the person (sign in again for more), never answered on its own.
      const transport: Transport =
        via === 'sse'
          ? new SSEClientTransport(url, common)
          : new StreamableHTTPClientTransport(url, { ...common, onInsufficientScope: 'throw' });
      return transport;
    },
    fallback(error) {
      if (entry.type !== undefined || socket || via !== 'http' || !isBackCompatAnswer(error)) return false;
      via = 'sse';
      return true;
    },
    explain: (error) =>
      mapHostText(
        (socket && explainSocket(socket, errorCode(error))) || explainRemote(entry.url, error),
        mask,
      ),
  };
}

/** The socket a filled-in address names, when it names one this system can reach. */
function socketOf(address: string): SocketAddress | undefined {
  if (!isSocketAddress(address)) return undefined;
  const parsed = parseSocketAddress(address);
  if ('problem' in parsed) throw refusedAddress(parsed.problem);
  const problem = socketPlatformProblem(parsed);
  if (problem) throw refusedAddress(problem);
  return parsed;
}

/** The spec's backwards-compatibility signal: the first POST answered with a 4xx other than 401 or 403. */
function isBackCompatAnswer(error: unknown): boolean {
  const status = httpStatus(error);
  return status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 403;
}

/** The HTTP status along an error's causes, where the SDK recorded one. */
export function httpStatus(error: unknown): number | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 6; depth++) {
    if (current instanceof SdkHttpError) return current.data?.status;
    const status = (current as { code?: unknown; name?: string }).code;
    if ((current as { name?: string }).name === 'SseError' && typeof status === 'number') return status;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A failed remote start in plain words. */
export function explainRemote(address: string, error: unknown): HostText {
  if (error instanceof RefusedAddress) return error.text;
  const target = safeUrl(address);
  const host = target?.host ?? address;
  const code = errorCode(error);
  if (code === 'ECONNREFUSED') return { id: 'host.servers.nothingAnswered', values: { host } };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return { id: 'host.servers.hostNotFound', values: { host: target?.hostname ?? address } };
  if (code && /CERT|UNABLE_TO|TLS/.test(code))
    return { id: 'host.servers.untrustedCertificate', values: { host, code } };
  if (code === 'ECONNRESET' || code === 'ETIMEDOUT' || code === 'UND_ERR_SOCKET')
    return { id: 'host.servers.connectionBroke', values: { host, code } };
  const status = httpStatus(error);
  if (status === 404) return { id: 'host.servers.answered404', values: { address } };
  if (status === 401) return { id: 'host.servers.answered401', values: { address } };
  if (status === 403) return { id: 'host.servers.answered403', values: { address } };
  if (status !== undefined && status >= 500)
    return { id: 'host.servers.answered5xx', values: { address, status: String(status) } };
  if (status !== undefined)
    return {
      id: 'host.servers.answeredStatus',
      values: { address, status: String(status), error: firstLine(messageOf(error)) },
    };
  const why = signInFailureText(error);
  return {
    id: 'host.servers.couldNotConnect',
    values: { address, error: typeof why === 'string' ? firstLine(why) : why },
  };
}

function safeUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
