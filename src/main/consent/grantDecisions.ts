// The rules of the person's answer to a tool call: which grant it gives, and whether it can apply to the call.
import type { ConsentRequest } from '../../shared/chat';
import type { ConsentDecision, GrantScope } from '../../shared/consent';
import type { Json } from '../../shared/types';
import { HostFault } from '../errors';
import { sortedJson } from '../json/sortedJson';

/** The scope an answer gives, if it gives one. */
export function scopeOf(decision: ConsentDecision | 'granted'): GrantScope | undefined {
  if (decision === 'always' || decision === 'conversation' || decision === 'server-conversation')
    return decision;
  return undefined;
}

/**
 * Refuses an answer that cannot apply to `request`: any grant for a call that is `held` (only Allow once or
 * Deny answer it), a view's scope for a call that no view made, or a conversation scope outside any conversation.
 */
export function checkAnswer(
  request: ConsentRequest | undefined,
  decision: ConsentDecision,
  held = false,
): void {
  if (!request) return;
  if (request.ofView && decision !== 'once' && decision !== 'deny') {
    throw new HostFault('invalid_input', { id: 'host.consent.viewToolOnceOnly' });
  }
  if (held && decision !== 'once' && decision !== 'deny') {
    throw new HostFault('invalid_input', { id: 'host.consent.heldOnceOnly' });
  }
  if (decision === 'view' && !request.viaView) {
    throw new HostFault('invalid_input', { id: 'host.consent.notFromView' });
  }
  if ((decision === 'conversation' || decision === 'server-conversation') && !request.conversationId) {
    throw new HostFault('invalid_input', { id: 'host.consent.notInConversation' });
  }
}

/** True when `a` and `b` are the same JSON, whatever the order of object keys. */
export function sameJson(a: Json | undefined, b: Json | undefined): boolean {
  return sortedJson(a ?? null) === sortedJson(b ?? null);
}
