// The header's buttons: Start (stopped) or Restart and Stop, Edit, Enable/Disable and Remove (after a confirmation).
import { useState } from 'react';
import type { ServerView } from '../../../../shared/types';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useCommand } from '../../components/useCommand';
import { useT } from '../../i18n';
import { actions } from '../../store';

/** Acts on one server; host errors appear under the buttons in plain words. */
export function ServerActions({ view }: { view: ServerView }) {
  const t = useT();
  const { run, pending, error, clearError } = useCommand();
  const [confirming, setConfirming] = useState(false);
  const server = view.name;
  const disabled = view.entry.disabled === true;
  const cannotStart = disabled ? t('servers.actions.enableFirst') : undefined;

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
            {t('servers.actions.start')}
          </button>
        ) : (
          <button
            type="button"
            disabled={pending || cannotStart !== undefined}
            title={cannotStart}
            onClick={() => run((host) => host.invoke('servers.restart', { server }))}
          >
            {t('servers.actions.restart')}
          </button>
        )}
        {view.state.kind !== 'stopped' ? (
          <button type="button" onClick={() => run((host) => host.invoke('servers.stop', { server }))}>
            {t('servers.actions.stop')}
          </button>
        ) : null}
        <button type="button" onClick={() => actions.dialogOpened({ kind: 'edit', name: server })}>
          {t('servers.actions.edit')}
        </button>
        <button type="button" disabled={pending} onClick={() => void setDisabled(!disabled)}>
          {disabled ? t('servers.actions.enable') : t('servers.actions.disable')}
        </button>
        <button type="button" className="danger" disabled={pending} onClick={() => setConfirming(true)}>
          {t('servers.remove')}
        </button>
      </div>
      {error ? (
        <p className="inline-error" role="alert">
          {error}{' '}
          <button type="button" className="link-button" onClick={clearError}>
            {t('servers.dismiss')}
          </button>
        </p>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t('servers.removeTitle', { server })}
          message={t('servers.actions.removeMessage', { server })}
          confirmLabel={t('servers.remove')}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
