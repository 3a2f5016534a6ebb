// The header's buttons: Restart, Stop/Start, Edit, Enable/Disable and Remove (after a confirmation).
import { useState } from 'react';
import type { ServerView } from '../../../../shared/types';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useCommand } from '../../components/useCommand';
import { actions } from '../../store';

const RUNNING_KINDS = new Set(['running', 'starting', 'restarting']);

/** Acts on one server; host errors appear under the buttons in plain words. */
export function ServerActions({ view }: { view: ServerView }) {
  const { run, pending, error, clearError } = useCommand();
  const [confirming, setConfirming] = useState(false);
  const server = view.name;
  const disabled = view.entry.disabled === true;
  const live = RUNNING_KINDS.has(view.state.kind);
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
        <button
          type="button"
          disabled={pending || cannotStart !== undefined}
          title={cannotStart}
          onClick={() => run((host) => host.invoke('servers.restart', { server }))}
        >
          Restart
        </button>
        {live ? (
          <button type="button" onClick={() => run((host) => host.invoke('servers.stop', { server }))}>
            Stop
          </button>
        ) : (
          <button
            type="button"
            disabled={pending || cannotStart !== undefined}
            title={cannotStart}
            onClick={() => run((host) => host.invoke('servers.start', { server }))}
          >
            Start
          </button>
        )}
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
