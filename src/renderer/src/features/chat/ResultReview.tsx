// On a tool card: a finished result from outside waiting for the person before the model sees it, and what they chose; why a call was held.
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/chat';
import { WITHHELD_NOTE } from '../../../../shared/flow';
import { useCommand } from '../../components/useCommand';
import { useFormat, useT } from '../../i18n';
import { holdText } from '../consent/flowWords';

/** Give to model / Give a note instead, while the result waits; afterwards, what went to the model. */
export function ResultReview({
  call,
  conversationId,
}: {
  call: ToolCallView;
  conversationId?: string;
}): ReactNode {
  const t = useT();
  const { run, pending, error } = useCommand();
  if (!call.review) return null;
  if (call.review === 'given') return <p className="tool-card-decision">{t('chatTools.review.given')}</p>;
  if (call.review === 'withheld')
    return (
      // The note is what the model read, word for word: it stays as the model got it.
      <p className="tool-card-decision">{t('chatTools.review.withheld', { note: WITHHELD_NOTE })}</p>
    );
  const answer = (give: boolean) =>
    conversationId
      ? void run((host) => host.invoke('flow.review', { conversationId, callId: call.id, give }))
      : undefined;
  return (
    <section className="tool-review" aria-label={t('chatTools.review.label', { tool: call.tool })}>
      <p>{t('chatTools.review.explain')}</p>
      <div className="decision-answers-row">
        <button type="button" className="primary" disabled={pending} onClick={() => answer(true)}>
          {t('chatTools.review.give')}
        </button>
        <button type="button" disabled={pending} onClick={() => answer(false)}>
          {t('chatTools.review.note')}
        </button>
      </div>
      {error ? (
        <p className="inline-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** Why a call that ran or was denied had been held for the person. */
export function HeldNote({ call }: { call: ToolCallView }): ReactNode {
  const t = useT();
  const f = useFormat();
  if (!call.hold) return null;
  return (
    <p className="tool-card-decision">
      {t('chatTools.review.held', { reason: holdText(call.hold, f.shortClock, t) })}
    </p>
  );
}
