// The page of a server whose entry in config.json has an error: the reason, where it is, and the ways to fix it.
import { useState } from 'react';
import type { ConfigProblem, ServerView } from '../../../../shared/types';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { StateBadge } from '../../components/StateBadge';
import { useCommand } from '../../components/useCommand';
import { useT } from '../../i18n';
import { actions } from '../../store';
import { problemLocation } from '../settings/ConfigProblem';
import { problemMessage } from '../settings/schemaProblems';

/** Shown instead of a server's tabs: the entry never started, so there is nothing else to see. */
export function UnusableEntry({ view, problem }: { view: ServerView; problem: ConfigProblem }) {
  const t = useT();
  const { run, pending, error } = useCommand();
  const [confirming, setConfirming] = useState(false);
  const where = problemLocation(problem);
  const remove = async () => {
    setConfirming(false);
    const outcome = await run((host) => host.invoke('config.removeServer', { name: view.name }));
    if (outcome.ok) actions.configChanged(outcome.value);
  };
  return (
    <div className="server-view">
      <header className="server-header">
        <div className="server-title-row">
          <h1 className="server-title">{view.name}</h1>
          <StateBadge kind={view.state.kind} />
        </div>
        <section className="error-details" aria-label={t('servers.error.details')}>
          <p>{t('servers.unusable.intro')}</p>
          <p className="error-message">
            {problemMessage(problem)}
            {where ? <span className="problem-where"> {t('servers.unusable.where', { where })}</span> : null}
          </p>
          <p className="muted">{t('servers.unusable.hint')}</p>
        </section>
        <div className="button-row">
          <button
            type="button"
            className="primary"
            onClick={() =>
              actions.dialogOpened({ kind: 'configFile', line: problem.line, column: problem.column })
            }
          >
            {t('servers.editConfigFile')}
          </button>
          <button type="button" className="danger" disabled={pending} onClick={() => setConfirming(true)}>
            {t('servers.remove')}
          </button>
        </div>
        {error ? (
          <p className="inline-error" role="alert">
            {error}
          </p>
        ) : null}
      </header>
      {confirming ? (
        <ConfirmDialog
          title={t('servers.removeTitle', { server: view.name })}
          message={t('servers.unusable.removeMessage', { server: view.name })}
          confirmLabel={t('servers.remove')}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
