// On a tool card: a finished result from outside waiting for the person before the model sees it, and what they chose; why a call was held.
import type { ReactNode } from 'react';
import type { ToolCallView } from '../../../../shared/chat';
import { clockTime, holdText, WITHHELD_NOTE } from '../../../../shared/flow';
import { useCommand } from '../../components/useCommand';

/** Give to model / Give a note instead, while the result waits; afterwards, what went to the model. */
export function ResultReview({
  call,
  conversationId,
}: {
  call: ToolCallView;
  conversationId?: string;
}): ReactNode {
  const { run, pending, error } = useCommand();
  if (!call.review) return null;
  if (call.review === 'given')
    return <p className="tool-card-decision">You gave this result to the model.</p>;
  if (call.review === 'withheld')
    return (
      <p className="tool-card-decision">You withheld this result. The model read only: “{WITHHELD_NOTE}”</p>
    );
  const answer = (give: boolean) =>
    conversationId
      ? void run((host) => host.invoke('flow.review', { conversationId, callId: call.id, give }))
      : undefined;
  return (
    <section className="tool-review" aria-label={`Review the result of ${call.tool}`}>
      <p>
        This result came from outside content. Read it below before the model does: give it to the model, or
        give the model a note that you withheld it.
      </p>
      <div className="decision-answers-row">
        <button type="button" className="primary" disabled={pending} onClick={() => answer(true)}>
          Give to model
        </button>
        <button type="button" disabled={pending} onClick={() => answer(false)}>
          Give a note instead
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
  if (!call.hold) return null;
  return <p className="tool-card-decision">Held for you: {holdText(call.hold, clockTime)}</p>;
}
