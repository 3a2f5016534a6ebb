// Before the first state arrives: connecting, or why loading failed and a way to try again.
import { useHost } from '../../api';
import { useCommand } from '../../components/useCommand';
import { useT } from '../../i18n';
import { actions, useLoadError } from '../../store';

/** Whole-window placeholder until `servers.list` has answered once. */
export function StartScreen() {
  const t = useT();
  const loadError = useLoadError();
  const host = useHost();
  const { run, pending } = useCommand();
  const retry = () =>
    run(async () => {
      const [list, config] = await Promise.all([
        host.invoke('servers.list', {}),
        host.invoke('config.get', {}),
      ]);
      actions.serversListed(list);
      actions.configChanged(config);
    }).then((outcome) => {
      if (!outcome.ok) actions.loadFailed(t('connection.stillNoAnswer'));
    });
  return (
    <main className="full-screen">
      <div className="full-screen-card" role={loadError ? 'alert' : 'status'}>
        {loadError ? (
          <>
            <h1>{t('connection.loadFailed')}</h1>
            <p>{loadError}</p>
            <button type="button" disabled={pending} onClick={() => void retry()}>
              {t('connection.tryAgain')}
            </button>
          </>
        ) : (
          <p className="muted">{t('connection.connecting')}</p>
        )}
      </div>
    </main>
  );
}
