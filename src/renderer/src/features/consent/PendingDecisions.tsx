// Above the message box: the tool calls waiting for the person in this conversation, a way to each, and answers for all.
import { type ReactNode, useEffect, useState } from 'react';
import { useHost } from '../../api';
import { useT } from '../../i18n';
import { useConsentDrafts, useLink, usePendingIn } from '../../store';
import { ARM_DELAY_MS, useArmed } from '../requests/useRequestAnswer';
import { unsendable } from './batchArgs';
import { answerAll } from './consentAnswers';
import { nameList } from './FlowNotes';
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
  const t = useT();
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
    <section className="pending-decisions" aria-label={t('consent.pending.label')}>
      <div className="pending-decisions-row">
        <span className="pending-decisions-dot" aria-hidden="true" />
        <p className="pending-decisions-text" role="status">
          {t('consent.pending.waiting', { count })}
        </p>
        <ul className="pending-decisions-list" aria-label={t('consent.pending.list')}>
          {pending.map((request) => (
            <li key={request.id}>
              <button type="button" className="small" onClick={() => focusDecision(request.id)}>
                {t('consent.pending.callOn', { tool: request.tool.name, server: request.server })}
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
              title={t('consent.pending.allowAllTitle')}
              onClick={() => void run('once')}
            >
              {t('consent.pending.allowAll', { count })}
            </button>
            <button
              type="button"
              className="small danger"
              disabled={!linked || busy}
              onClick={() => void run('deny')}
            >
              {t('consent.pending.denyAll', { count })}
            </button>
          </>
        ) : (
          <button type="button" className="small" onClick={() => focusDecision(pending[0]?.id ?? '')}>
            {t('consent.pending.review')}
          </button>
        )}
      </div>
      {held.length > 0 ? (
        <p className="pending-decisions-note">
          {t('consent.pending.held', {
            count: held.length,
            tools: nameList(
              t,
              held.map((request) => request.tool.name),
            ),
          })}
        </p>
      ) : blocked.length > 0 ? (
        <p className="pending-decisions-note">
          {t('consent.pending.blocked', {
            tools: nameList(
              t,
              blocked.map((request) => request.tool.name),
            ),
          })}
        </p>
      ) : (
        <p className="pending-decisions-note muted">{t('consent.pending.shortcuts')}</p>
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
