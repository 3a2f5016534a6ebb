// Unwraps a host Reply into a value, or throws the HostCallError it carries.
import type { Reply } from '../../../shared/contract';
import { HostCallError } from '../../../shared/hostCallError';

function isReply(value: unknown): value is Reply<unknown> {
  return typeof value === 'object' && value !== null && 'ok' in value && typeof value.ok === 'boolean';
}

/** Returns the reply's value, or throws `HostCallError` for `{ ok: false }` and malformed replies. */
export function unwrapReply(reply: unknown): unknown {
  if (!isReply(reply))
    throw new HostCallError('bad_reply', 'The host sent an answer this window cannot read.');
  if (reply.ok) return reply.value;
  const { code, message } = reply.error;
  throw new HostCallError(String(code), String(message));
}
