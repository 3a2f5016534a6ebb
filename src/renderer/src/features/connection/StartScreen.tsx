// Before the first state arrives: connecting, or why loading failed and a way to try again.
import { useHost } from '../../api';
import { useCommand } from '../../components/useCommand';
import { actions, useLoadError } from '../../store';

/** Whole-window placeholder until `servers.list` has answered once. */
export function StartScreen() {
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
      if (!outcome.ok) actions.loadFailed('The host still did not answer.');
    });
  return (
    <main className="full-screen">
      <div className="full-screen-card" role={loadError ? 'alert' : 'status'}>
        {loadError ? (
          <>
            <h1>Could not load the servers</h1>
            <p>{loadError}</p>
            <button type="button" disabled={pending} onClick={() => void retry()}>
              Try again
            </button>
          </>
        ) : (
          <p className="muted">Connecting to the host…</p>
        )}
      </div>
    </main>
  );
}
