// One "Share these folders?" for every server asking at once: a checkbox per server, and one answer for all.
import { type ReactNode, useEffect, useId, useState } from 'react';
import { HostCallError } from '../../../../shared/hostCallError';
import type { RootsConfirmation } from '../../../../shared/roots';
import { useHost } from '../../api';
import { AnswerStatus } from '../../components/AnswerStatus';
import { describeError } from '../../components/format';
import { actions, useLink, useRootsAnswering } from '../../store';
import { SHARE_ARM_MS } from './RootsConfirmationView';

/** Props of `RootsBatchView`: the waiting questions, oldest first (two or more). */
export type RootsBatchViewProps = { items: RootsConfirmation[]; summaryId: string };

/** The body and footer of the sharing dialog when several servers wait for an answer. */
export function RootsBatchView({ items, summaryId }: RootsBatchViewProps): ReactNode {
  const host = useHost();
  const linked = useLink() === 'connected';
  const answering = useRootsAnswering() !== null;
  const [armed, setArmed] = useState(false);
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const [shareNew, setShareNew] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = useId();

  useEffect(() => {
    const timer = setTimeout(() => setArmed(true), SHARE_ARM_MS);
    return () => clearTimeout(timer);
  }, []);

  const chosen = items.filter((item) => !unticked.has(item.id));
  /** Answers every question shown: ticked servers get their folders, the others get none. */
  const answer = async (share: boolean): Promise<void> => {
    if (answering) return;
    setError(null);
    for (const item of items) {
      const allow = share && !unticked.has(item.id);
      actions.rootsAnswering(item.id);
      try {
        actions.rootsChanged(
          await host.invoke('roots.confirm', { id: item.id, allow, shareNew: allow && shareNew }),
        );
        actions.rootsAnswered(item.id);
      } catch (caught) {
        actions.rootsAnswering(null);
        if (caught instanceof HostCallError && caught.code === 'not_found') {
          actions.rootsConfirmationSettled({ id: item.id });
          continue;
        }
        setError(describeError(caught));
        return;
      }
    }
  };

  const canAnswer = linked && !answering;
  return (
    <>
      <div className="dialog-body consent-body">
        <p id={summaryId} className="consent-summary">
          {items.length === 1 ? 'One more server asks' : `${items.length} servers ask`} which folders they may
          work in. The servers you tick see the folders listed under them and may work with the files in them
          through their tools.
        </p>
        <ul className="share-servers" aria-label="Servers asking">
          {items.map((item) => (
            <li key={item.id} className="share-server">
              <label>
                <input
                  type="checkbox"
                  checked={!unticked.has(item.id)}
                  disabled={!canAnswer}
                  onChange={(event) => {
                    const next = new Set(unticked);
                    if (event.target.checked) next.delete(item.id);
                    else next.add(item.id);
                    setUnticked(next);
                  }}
                />{' '}
                Share with <strong>{item.server}</strong>
              </label>
              <ul className="share-list" aria-label={`Folders for ${item.server}`}>
                {item.roots.map((root) => (
                  <li key={root.uri} className="share-item">
                    <span className="share-name">{root.name}</span>
                    <span className="share-path selectable">{root.path}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <label className="share-new" htmlFor={`${ids}-later`}>
          <input
            id={`${ids}-later`}
            type="checkbox"
            checked={shareNew}
            onChange={(event) => setShareNew(event.target.checked)}
          />{' '}
          Also share folders I add later with the servers I tick
        </label>
        <p className="muted consent-hint-text">
          You can change which folders each server sees later, in its Roots tab. A server you do not tick gets
          no folders.
        </p>
        <AnswerStatus
          linked={linked}
          error={error ? `Your answer did not reach the host: ${error} Try again.` : null}
          className="consent-problems"
        />
      </div>
      <footer className="dialog-footer consent-footer">
        <button type="button" className="danger" disabled={!canAnswer} onClick={() => void answer(false)}>
          Don't share
        </button>
        <span className="consent-footer-gap" />
        <button
          type="button"
          className="primary"
          disabled={!canAnswer || !armed || chosen.length === 0}
          onClick={() => void answer(true)}
        >
          {chosen.length === items.length ? 'Share with all' : `Share with ${chosen.length}`}
        </button>
      </footer>
    </>
  );
}
