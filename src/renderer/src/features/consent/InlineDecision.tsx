// The decision inside a waiting tool call's card, when the host is asking the person about that call.
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/chat';
import { useConsentForCall } from '../../store';
import { CardDecision } from './DecisionPanel';

/** Renders the decision for `call` of `conversationId` while the host asks about it; `fallback` otherwise. */
export function InlineDecision({
  call,
  conversationId,
  fallback,
}: {
  call: ToolCallView;
  conversationId: string;
  fallback: ReactNode;
}): ReactNode {
  const request = useConsentForCall(conversationId, call.id);
  if (!request || call.status !== 'waiting') return fallback;
  return <CardDecision key={request.id} request={request} />;
}
