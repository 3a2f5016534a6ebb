// Unwraps a host Reply into a value, or throws the HostCallError it carries.
import type { Reply } from '../../../shared/contract';
import { HostCallError } from '../../../shared/hostCallError';
import { isHostText } from '../../../shared/hostTextShape';
import { translate } from '../i18n';

function isReply(value: unknown): value is Reply<unknown> {
  return typeof value === 'object' && value !== null && 'ok' in value && typeof value.ok === 'boolean';
}

/**
 * A `HostCallError` the page raises itself: its message in the page's language now, and its message id, so
 * `describeError` says it again in whatever language the page has when it is shown.
 */
export function pageError(
  code: string,
  text: { id: string; values?: Record<string, string | number> },
): HostCallError {
  return new HostCallError(code, translate(text.id, text.values), text);
}

/** Returns the reply's value, or throws `HostCallError` for `{ ok: false }` and malformed replies. */
export function unwrapReply(reply: unknown): unknown {
  if (!isReply(reply)) throw pageError('bad_reply', { id: 'common.host.badReply' });
  if (reply.ok) return reply.value;
  const { code, message, text } = reply.error;
  throw new HostCallError(String(code), String(message), isHostText(text) ? text : undefined);
}
