// The fetch a remote transport uses: adds the entry's headers on the server's own origin, records each request with its secrets masked, and notices a connection that broke.
import { type HostWords, said } from '../../../shared/hostText';
import type { Json } from '../../../shared/types';

export const MASK = '••••';

/** One HTTP request as the protocol log shows it. */
export type HttpRecord = {
  method: string;
  url: string;
  status?: number;
  error?: string;
  requestHeaders: Record<string, string>;
  responseHeaders?: Record<string, string>;
};

/** How a live remote connection broke. */
export type Broken = { kind: 'network' | 'session-expired' } & HostWords;

export type FetchWatch = {
  /** The server's address; its origin alone receives the entry's headers. */
  serverUrl: URL;
  /** The entry's headers, already filled in. */
  headers: Record<string, string>;
  record: (record: HttpRecord) => void;
  broken: (problem: Broken) => void;
  /** Replaces secret values (filled-in inputs, environment values, header values) in logged text. */
  mask: (text: string) => string;
  /** Sees every answer (for the server's sign-in challenges). */
  observe?: (response: Response) => void;
  /** The older HTTP+SSE transport: a second event stream means the server started a new session. */
  legacySse?: boolean;
  /** How a request's address is shown in the log (a socket server's shows its socket); the address itself by default. */
  shown?: (url: URL) => string;
};

const SECRET_HEADER = /auth|token|key|secret|password|cookie|session|signature/i;
const NETWORK_CODE = /^(E[A-Z]+|UND_ERR_[A-Z_]+|[A-Z_]*CERT[A-Z_]*|UNABLE_TO_[A-Z_]+|ERR_TLS_[A-Z_]+)$/;
const SECRET_PARAM = /token|key|secret|code|password|sig|state|verifier/i;

/** A fetch for one remote transport. */
export function watchedFetch(watch: FetchWatch, base: typeof fetch = fetch): typeof fetch {
  let eventStreams = 0;
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    if (url.origin === watch.serverUrl.origin) {
      for (const [name, value] of Object.entries(watch.headers))
        if (!headers.has(name)) headers.set(name, value);
    }
    const record: HttpRecord = {
      method,
      url: maskUrl(watch.shown ? new URL(watch.shown(url)) : url, watch.mask),
      requestHeaders: maskHeaders(headers, watch.mask),
    };
    let response: Response;
    try {
      response = await base(input, { ...init, headers });
    } catch (error) {
      if (init?.signal?.aborted) throw error;
      const broken = networkWords(error);
      record.error = broken.message;
      watch.record(record);
      if (url.origin === watch.serverUrl.origin) watch.broken({ kind: 'network', ...broken });
      throw error;
    }
    record.status = response.status;
    record.responseHeaders = maskHeaders(response.headers, watch.mask);
    watch.record(record);
    watch.observe?.(response);
    if (response.status === 404 && headers.has('mcp-session-id')) {
      watch.broken({ kind: 'session-expired', ...said({ id: 'host.servers.sessionForgotten' }) });
    }
    const streaming = response.headers.get('content-type')?.includes('text/event-stream') === true;
    if (!streaming || !response.body) return response;
    if (watch.legacySse && method === 'GET' && response.ok && ++eventStreams > 1) {
      watch.broken({ kind: 'session-expired', ...said({ id: 'host.servers.newSessionOnStream' }) });
    }
    return withBodyWatch(response, init?.signal ?? undefined, (error) =>
      watch.broken({ kind: 'network', ...networkWords(error) }),
    );
  };
}

/** Headers as a plain record, with credentials shown as `Bearer ••••`. */
export function maskHeaders(headers: Headers, mask: (text: string) => string): Record<string, string> {
  const shown: Record<string, string> = Object.create(null);
  headers.forEach((value, name) => {
    shown[name] = maskHeaderValue(name, value, mask);
  });
  return shown;
}

function maskHeaderValue(name: string, value: string, mask: (text: string) => string): string {
  const lower = name.toLowerCase();
  if (lower === 'authorization' || lower === 'proxy-authorization') {
    const scheme = /^(\S+)\s+\S/.exec(value)?.[1];
    return scheme ? `${scheme} ${MASK}` : MASK;
  }
  if (lower === 'mcp-session-id') return value.length > 8 ? `${value.slice(0, 4)}${MASK}` : MASK;
  if (lower === 'content-type' || lower === 'accept' || lower === 'mcp-protocol-version') return value;
  if (lower === 'www-authenticate') return mask(value);
  return SECRET_HEADER.test(lower) ? MASK : mask(value);
}

function maskUrl(url: URL, mask: (text: string) => string): string {
  const shown = new URL(url);
  shown.username = shown.username ? MASK : '';
  shown.password = shown.password ? MASK : '';
  for (const name of [...shown.searchParams.keys()]) {
    if (SECRET_PARAM.test(name)) shown.searchParams.set(name, MASK);
  }
  return mask(shown.href);
}

/** The response with a body that reports a stream breaking (not one we aborted, not a clean end). */
function withBodyWatch(
  response: Response,
  signal: AbortSignal | undefined,
  onError: (error: unknown) => void,
) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        if (!signal?.aborted) onError(error);
        controller.error(error);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const watched = new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  Object.defineProperty(watched, 'url', { value: response.url });
  return watched;
}

/** `fetch failed` in plain words, with the code of its cause where there is one. */
export function describeNetworkError(error: unknown): string {
  return networkWords(error).message;
}

/** `describeNetworkError` with its words by id where the host wrote them. */
function networkWords(error: unknown): HostWords {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ECONNREFUSED') return said({ id: 'host.servers.nothingAnswersAnyMore' });
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || /terminated/i.test(message)) {
    return said({
      id: 'host.servers.connectionClosedByServer',
      values: { coded: code ? 'yes' : 'no', code: code ?? '' },
    });
  }
  return { message: code ? `${message} (${code})` : message };
}

/** The first `code` along an error's chain of causes (ECONNREFUSED, ENOTFOUND, CERT_HAS_EXPIRED …). */
export function errorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 6; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODE.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The record as the protocol log's detail pane shows it. */
export function recordJson(record: HttpRecord): Json {
  return {
    request: { method: record.method, url: record.url, headers: record.requestHeaders },
    ...(record.status !== undefined
      ? { response: { status: record.status, headers: record.responseHeaders ?? {} } }
      : {}),
    ...(record.error ? { error: record.error } : {}),
  };
}
