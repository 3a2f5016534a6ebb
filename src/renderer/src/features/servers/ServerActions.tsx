// The header's buttons: Start (stopped) or Restart and Stop, Edit, Enable/Disable and Remove (after a confirmation).
import { useState } from 'react';
import type { ServerView } from '../../../../shared/types';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useCommand } from '../../components/useCommand';
import { actions } from '../../store';

/** Acts on one server; host errors appear under the buttons in plain words. */
export function ServerActions({ view }: { view: ServerView }) {
  const { run, pending, error, clearError } = useCommand();
  const [confirming, setConfirming] = useState(false);
  const server = view.name;
  const disabled = view.entry.disabled === true;
  const cannotStart = disabled ? 'Enable the server first' : undefined;

  const remove = async () => {
    setConfirming(false);
    const outcome = await run((host) => host.invoke('config.removeServer', { name: server }));
    if (outcome.ok) actions.configChanged(outcome.value);
  };
  const setDisabled = async (next: boolean) => {
    const outcome = await run((host) => host.invoke('config.setDisabled', { name: server, disabled: next }));
    if (outcome.ok) actions.configChanged(outcome.value);
  };

  return (
    <div className="server-actions">
      <div className="button-row">
        {/* One of Start or Restart: Start for a stopped server, Restart (try again) for a live or failed one. */}
        {view.state.kind === 'stopped' ? (
          <button
            type="button"
            disabled={pending || cannotStart !== undefined}
            title={cannotStart}
            onClick={() => run((host) => host.invoke('servers.start', { server }))}
          >
            Start
          </button>
        ) : (
          <button
            type="button"
            disabled={pending || cannotStart !== undefined}
            title={cannotStart}
            onClick={() => run((host) => host.invoke('servers.restart', { server }))}
          >
            Restart
          </button>
        )}
        {view.state.kind !== 'stopped' ? (
          <button type="button" onClick={() => run((host) => host.invoke('servers.stop', { server }))}>
            Stop
          </button>
        ) : null}
        <button type="button" onClick={() => actions.dialogOpened({ kind: 'edit', name: server })}>
          Edit
        </button>
        <button type="button" disabled={pending} onClick={() => void setDisabled(!disabled)}>
          {disabled ? 'Enable' : 'Disable'}
        </button>
        <button type="button" className="danger" disabled={pending} onClick={() => setConfirming(true)}>
          Remove
        </button>
      </div>
      {error ? (
        <p className="inline-error" role="alert">
          {error}{' '}
          <button type="button" className="link-button" onClick={clearError}>
            Dismiss
          </button>
        </p>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={`Remove ${server}?`}
          message={`This stops "${server}" and deletes its entry from config.json.`}
          confirmLabel="Remove"
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
