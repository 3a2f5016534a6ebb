// How a command's failure crosses to the page, apart from the contract's schemas so the page starts without them.
import type { HostText } from './hostText';

/** How an error crosses the boundary. */
export type HostError = { code: string; message: string; text?: HostText };

/** What a command answers on the wire. */
export type Reply<T> = { ok: true; value: T } | { ok: false; error: HostError };

/** Thrown by `HostApi.invoke` when the host answers with an error. */
export class HostCallError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** The message as a host catalogue id and values, when the host sent one. */
    readonly text?: HostText,
  ) {
    super(message);
    this.name = 'HostCallError';
  }
}
