// Turns the person's answer into a remembered permission, and lets waiting calls that a new permission covers run.
import type { ConsentRequest } from '../../shared/chat';
import type { ConsentDecision, GrantScope } from '../../shared/consent';
import type { Json, ToolView } from '../../shared/types';
import { HostFault } from '../errors';
import { sortedJson } from '../json/sortedJson';
import type { ConsentBroker } from './broker';
import type { PermissionStore } from './policy';

/** The scope an answer gives, if it gives one. */
export function scopeOf(decision: ConsentDecision | 'granted'): GrantScope | undefined {
  if (decision === 'always' || decision === 'conversation' || decision === 'server-conversation')
    return decision;
  return undefined;
}

/** Refuses an answer that cannot apply to `request` (a conversation scope outside any conversation). */
export function checkAnswer(request: ConsentRequest | undefined, decision: ConsentDecision): void {
  if (!request) return;
  if ((decision === 'conversation' || decision === 'server-conversation') && !request.conversationId) {
    throw new HostFault(
      'invalid_input',
      'This call does not belong to a conversation, so it can be allowed once or always, not for a conversation.',
    );
  }
}

/** Remembers what the answer `decision` gives: `tool` alone, or every tool of the server (`tools`). */
export async function remember(
  permissions: PermissionStore,
  decision: ConsentDecision | 'granted',
  target: {
    server: string;
    identity: string;
    tool: ToolView;
    tools: readonly ToolView[];
    conversationId: string;
  },
): Promise<void> {
  const scope = scopeOf(decision);
  if (!scope) return;
  await permissions.give({
    scope,
    server: target.server,
    identity: target.identity,
    tools: scope === 'server-conversation' ? target.tools : [target.tool],
    ...(scope === 'always' ? {} : { conversationId: target.conversationId }),
  });
}

/**
 * Answers `granted` for every waiting tool call a permission now covers (as if it had come after the
 * permission): used whenever permissions change. Calls whose arguments the person is editing are left
 * to their own answer. `identityOf` is the server's identity now, if it runs.
 */
export function answerCovered(
  broker: ConsentBroker,
  permissions: PermissionStore,
  identityOf: (server: string) => string | undefined,
): void {
  for (const request of broker.pending()) {
    if (request.kind !== 'tool' || broker.isHeld(request.id)) continue;
    const identity = identityOf(request.server);
    if (!identity) continue;
    const check = permissions.check(
      request.server,
      identity,
      request.tool,
      request.conversationId || undefined,
    );
    if (check.kind === 'granted') broker.answer(request.id, 'granted');
  }
}

/** True when `a` and `b` are the same JSON, whatever the order of object keys. */
export function sameJson(a: Json | undefined, b: Json | undefined): boolean {
  return sortedJson(a ?? null) === sortedJson(b ?? null);
}
