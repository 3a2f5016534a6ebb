// JSON-RPC requests sent around the SDK's own decoding (the tasks extension's shapes), with ids of their own.
import type { JSONRPCMessage } from '@modelcontextprotocol/client';

export type RawError = { code: number; message: string; data?: unknown };

export type RawResponse = { kind: 'result'; result: unknown } | { kind: 'error'; error: RawError };

type Pending = { resolve: (response: RawResponse) => void; reject: (error: Error) => void };

const ID_PREFIX = 'switchboard-raw-';
/** Like the SDK's default: a request that gets no answer in this long fails. */
const TIMEOUT_MS = 60_000;

/**
 * Sends requests with string ids the SDK never uses, and takes their responses off the wire
 * before the SDK sees them (`consume`). Everything else passes through untouched.
 */
export class RawRequests {
  private readonly pending = new Map<string, Pending>();
  private next = 0;
  private closed: Error | undefined;

  constructor(private readonly send: (message: JSONRPCMessage) => Promise<void>) {}

  /** Sends `request` ({ method, params }) and resolves with its result or error; `signal` cancels it. */
  dispatch(
    request: unknown,
    options: { signal?: AbortSignal; timeoutMs?: number } = {},
  ): Promise<RawResponse> {
    if (this.closed) return Promise.reject(this.closed);
    const { method, params } = request as { method: string; params?: Record<string, unknown> };
    const id = `${ID_PREFIX}${++this.next}`;
    const { signal } = options;
    return new Promise<RawResponse>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          settle(() =>
            reject(new Error(`${method} got no answer in ${(options.timeoutMs ?? TIMEOUT_MS) / 1000} s.`)),
          ),
        options.timeoutMs ?? TIMEOUT_MS,
      );
      const onAbort = () => {
        // A notice that cannot be sent means the connection is going; the request settles here all the same.
        void this.send({
          jsonrpc: '2.0',
          method: 'notifications/cancelled',
          params: { requestId: id, reason: 'Cancelled by Switchboard' },
        }).catch(() => {});
        settle(() => reject(signal?.reason instanceof Error ? signal.reason : new Error('Cancelled.')));
      };
      const settle = (done: () => void) => {
        if (!this.pending.delete(id)) return;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        done();
      };
      this.pending.set(id, {
        resolve: (response) => settle(() => resolve(response)),
        reject: (error) => settle(() => reject(error)),
      });
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const message = { jsonrpc: '2.0', id, method, ...(params ? { params } : {}) } as JSONRPCMessage;
      this.send(message).catch((error: unknown) =>
        settle(() => reject(error instanceof Error ? error : new Error(String(error)))),
      );
    });
  }

  /** True (and handled) when `message` answers one of these requests. */
  consume(message: JSONRPCMessage): boolean {
    const { id, result, error } = message as { id?: unknown; result?: unknown; error?: RawError };
    if (
      typeof id !== 'string' ||
      !id.startsWith(ID_PREFIX) ||
      (result === undefined && error === undefined)
    ) {
      return false;
    }
    const pending = this.pending.get(id);
    if (pending) pending.resolve(error ? { kind: 'error', error } : { kind: 'result', result });
    return true;
  }

  /** Fails every waiting request, and every later one, with `error` (the connection ended). */
  close(error: Error): void {
    this.closed = error;
    for (const pending of [...this.pending.values()]) pending.reject(error);
  }
}
