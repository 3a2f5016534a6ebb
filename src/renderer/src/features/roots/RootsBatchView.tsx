// One "Share these folders?" for every server asking at once: a checkbox per server, and one answer for all.
import { type ReactNode, useEffect, useId, useState } from 'react';
import { HostCallError } from '../../../../shared/hostCallError';
import type { RootsConfirmation } from '../../../../shared/roots';
import { useHost } from '../../api';
import { AnswerStatus } from '../../components/AnswerStatus';
import { describeError } from '../../components/format';
import { Message, useT } from '../../i18n';
import { actions, useLink, useRootsAnswering } from '../../store';
import { SHARE_ARM_MS } from './RootsConfirmationView';

/** Props of `RootsBatchView`: the waiting questions, oldest first (two or more). */
export type RootsBatchViewProps = { items: RootsConfirmation[]; summaryId: string };

/** The body and footer of the sharing dialog when several servers wait for an answer. */
export function RootsBatchView({ items, summaryId }: RootsBatchViewProps): ReactNode {
  const t = useT();
  const host = useHost();
  const linked = useLink() === 'connected';
  const answering = useRootsAnswering() !== null;
  const [armed, setArmed] = useState(false);
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const [shareNew, setShareNew] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = useId();
  const laterId = `${ids}-later`;

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
          {t('roots.batch.summary', { count: items.length })}
        </p>
        <ul className="share-servers" aria-label={t('roots.batch.serversLabel')}>
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
                <Message
                  id="roots.batch.shareWith"
                  values={{ server: item.server, strong: (chunks) => <strong>{chunks}</strong> }}
                />
              </label>
              <ul className="share-list" aria-label={t('roots.batch.foldersFor', { server: item.server })}>
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
        <label className="share-new" htmlFor={laterId}>
          <input
            id={laterId}
            type="checkbox"
            checked={shareNew}
            onChange={(event) => setShareNew(event.target.checked)}
          />{' '}
          {t('roots.batch.shareNew')}
        </label>
        <p className="muted consent-hint-text">{t('roots.batch.hint')}</p>
        <AnswerStatus
          linked={linked}
          error={error ? t('roots.answerFailed', { error }) : null}
          className="consent-problems"
        />
      </div>
      <footer className="dialog-footer consent-footer">
        <button type="button" className="danger" disabled={!canAnswer} onClick={() => void answer(false)}>
          {t('roots.dontShare')}
        </button>
        <span className="consent-footer-gap" />
        <button
          type="button"
          className="primary"
          disabled={!canAnswer || !armed || chosen.length === 0}
          onClick={() => void answer(true)}
        >
          {chosen.length === items.length
            ? t('roots.batch.shareAll')
            : t('roots.batch.shareSome', { count: chosen.length })}
        </button>
      </footer>
    </>
  );
}
