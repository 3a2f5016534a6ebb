// One "Share these folders with <server>?" question: the folders the server would see, Share and Don't share.
import { type ReactNode, useEffect, useState } from 'react';
import { HostCallError } from '../../../../shared/hostCallError';
import type { RootsConfirmation } from '../../../../shared/roots';
import { useHost } from '../../api';
import { AnswerStatus } from '../../components/AnswerStatus';
import { describeError } from '../../components/format';
import { Message, useT } from '../../i18n';
import { actions, useLink, useRootsAnswering } from '../../store';

/** How long Share stays disabled after a question appears, so a click meant for something else cannot land here. */
export const SHARE_ARM_MS = 600;

/** Props of `RootsConfirmationView`; mount it with `key={item.id}` so each question starts fresh. */
export type RootsConfirmationViewProps = { item: RootsConfirmation; summaryId: string };

/** The body and footer of the sharing dialog for `item`. */
export function RootsConfirmationView({ item, summaryId }: RootsConfirmationViewProps): ReactNode {
  const t = useT();
  const host = useHost();
  const linked = useLink() === 'connected';
  const answering = useRootsAnswering() === item.id;
  const [armed, setArmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [shareNew, setShareNew] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setArmed(true), SHARE_ARM_MS);
    return () => clearTimeout(timer);
  }, []);

  const answer = async (allow: boolean): Promise<void> => {
    if (answering) return;
    setError(null);
    actions.rootsAnswering(item.id);
    try {
      const view = await host.invoke('roots.confirm', { id: item.id, allow, shareNew: allow && shareNew });
      actions.rootsAnswered(item.id);
      actions.rootsChanged(view);
    } catch (caught) {
      if (caught instanceof HostCallError && caught.code === 'not_found') {
        actions.rootsAnswering(null);
        actions.rootsConfirmationSettled({ id: item.id });
        return;
      }
      actions.rootsAnswering(null);
      setError(describeError(caught));
    }
  };

  const canAnswer = linked && !answering;
  const count = item.roots.length;
  return (
    <>
      <div className="dialog-body consent-body">
        <p id={summaryId} className="consent-summary">
          <Message
            id="roots.confirm.summary"
            values={{ server: item.server, count, strong: (chunks) => <strong>{chunks}</strong> }}
          />
        </p>
        {count > 0 ? (
          <ul className="share-list" aria-label={t('roots.confirm.listLabel')}>
            {item.roots.map((root) => (
              <li key={root.uri} className="share-item">
                <span className="share-name">{root.name}</span>
                <span className="share-path selectable">{root.path}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('roots.confirm.none')}</p>
        )}
        {count > 0 ? (
          <label className="share-new">
            <input
              type="checkbox"
              checked={shareNew}
              onChange={(event) => setShareNew(event.target.checked)}
            />{' '}
            {t('roots.confirm.shareNew', { server: item.server })}
          </label>
        ) : null}
        <p className="muted consent-hint-text">{t('roots.confirm.hint', { server: item.server })}</p>
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
          disabled={!canAnswer || !armed}
          onClick={() => void answer(true)}
        >
          {t('roots.share')}
        </button>
      </footer>
    </>
  );
}
