// The count beside a decision dialog's title.
import { translate } from '../i18n';

/** `2 more waiting`, or null when the shown item is the only one. */
export function waitingLabel(queueLength: number): string | null {
  const more = queueLength - 1;
  return more > 0 ? translate('common.decision.moreWaiting', { count: more }) : null;
}
