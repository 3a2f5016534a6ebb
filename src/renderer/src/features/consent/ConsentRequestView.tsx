// The dialog's view of one waiting tool call that has no card to be decided in (an app view's call).
import type { ReactNode } from 'react';
import type { ConsentRequest } from '../../../../shared/chat';
import { DialogDecision } from './DecisionPanel';
import { inlineIconSrc } from './requestText';

/** Props of `ConsentRequestView`; mount it with `key={request.id}` so each request starts fresh. */
export type ConsentRequestViewProps = { request: ConsentRequest; summaryId: string };

/** The body and footer of the consent dialog for `request`. */
export function ConsentRequestView({ request, summaryId }: ConsentRequestViewProps): ReactNode {
  const iconSrc = inlineIconSrc(request.serverIcon);
  const icon = iconSrc ? <img className="consent-icon" src={iconSrc} alt="" width={32} height={32} /> : null;
  return <DialogDecision request={request} summaryId={summaryId} icon={icon} />;
}
