// Above the message box: the tool calls waiting for the person in this conversation, a way to each, and answers for all.
import { type ReactNode, useEffect, useState } from 'react';
import { useHost } from '../../api';
import { useConsentDrafts, useLink, usePendingIn } from '../../store';
import { ARM_DELAY_MS, useArmed } from '../requests/useRequestAnswer';
import { unsendable } from './batchArgs';
import { answerAll } from './consentAnswers';
import { focusDecision, focusedDecision } from './focusDecision';
import { shortcutOf } from './shortcuts';
import './pending.css';

/**
 * Alt+Y or Alt+N pressed outside any decision moves the focus to the oldest waiting card (it does
 * not answer): a second press, with the card in view, answers it.
 */
function useFocusShortcut(first: string | undefined): void {
  useEffect(() => {
    if (!first) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!shortcutOf(event) || focusedDecision() !== undefined) return;
      event.preventDefault();
      focusDecision(first);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [first]);
}

/** Renders nothing while no call of conversation `id` waits; else the list, Review, and (for several) Allow all / Deny all. */
export function PendingDecisions({ id }: { id: string }): ReactNode {
  const host = useHost();
  const linked = useLink() === 'connected';
  const pending = usePendingIn(id);
  const drafts = useConsentDrafts();
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const newest = pending.at(-1)?.id ?? '';
  const armed = useArmed(ARM_DELAY_MS, newest);
  useFocusShortcut(pending[0]?.id);
  if (pending.length === 0) return null;

  const blocked = unsendable(pending, drafts);
  // A held call is allowed only in its own card, where its reason is shown.
  const held = pending.filter((request) => request.hold !== undefined);
  const run = async (decision: 'once' | 'deny') => {
    setBusy(true);
    setProblems([]);
    setProblems(await answerAll(host, pending, decision, drafts));
    setBusy(false);
  };
  const count = pending.length;
  return (
    <section className="pending-decisions" aria-label="Tool calls waiting for you">
      <div className="pending-decisions-row">
        <span className="pending-decisions-dot" aria-hidden="true" />
        <p className="pending-decisions-text" role="status">
          {count === 1
            ? 'A tool call waits for your decision:'
            : `${count} tool calls wait for your decision:`}
        </p>
        <ul className="pending-decisions-list" aria-label="Waiting calls">
          {pending.map((request) => (
            <li key={request.id}>
              <button type="button" className="small" onClick={() => focusDecision(request.id)}>
                {request.tool.name} on {request.server}
              </button>
            </li>
          ))}
        </ul>
        <span className="pending-decisions-gap" />
        {count > 1 ? (
          <>
            <button
              type="button"
              className="small primary"
              disabled={!linked || busy || !armed || blocked.length > 0 || held.length > 0}
              title="Runs each listed call once, with its arguments as shown in its card."
              onClick={() => void run('once')}
            >
              Allow all {count}
            </button>
            <button
              type="button"
              className="small danger"
              disabled={!linked || busy}
              onClick={() => void run('deny')}
            >
              Deny all {count}
            </button>
          </>
        ) : (
          <button type="button" className="small" onClick={() => focusDecision(pending[0]?.id ?? '')}>
            Review
          </button>
        )}
      </div>
      {held.length > 0 ? (
        <p className="pending-decisions-note">
          {held.map((request) => request.tool.name).join(', ')} {held.length === 1 ? 'is' : 'are'} held
          because of what this conversation took in: answer {held.length === 1 ? 'it' : 'each'} in its card.
        </p>
      ) : blocked.length > 0 ? (
        <p className="pending-decisions-note">
          Fix the arguments of {blocked.map((request) => request.tool.name).join(', ')} first, or answer each
          call in its card.
        </p>
      ) : (
        <p className="pending-decisions-note muted">
          Alt+Y goes to the first waiting call; there, Alt+Y allows it once and Alt+N denies it.
        </p>
      )}
      {problems.length > 0 ? (
        <ul className="consent-problems" role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
