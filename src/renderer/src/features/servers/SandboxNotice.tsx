// The notice of the first connection a server's sandbox blocked in this session: Allow… opens its sandbox settings.
import type { ReactNode } from 'react';
import type { ServerView } from '../../../../shared/types';
import { useCommand } from '../../components/useCommand';
import { useT } from '../../i18n';
import { actions } from '../../store';

/** Nothing unless the sandbox blocked something since the server started. It never allows anything itself. */
export function SandboxNotice({ view }: { view: ServerView }): ReactNode {
  const t = useT();
  const { run, pending } = useCommand();
  const sandbox = view.sandbox;
  if (sandbox?.kind !== 'sandboxed' || !sandbox.notice) return null;
  return (
    <div className="notice sandbox-notice" role="status">
      <span>{t('servers.sandboxNotice.text', { notice: sandbox.notice })}</span>{' '}
      <button type="button" onClick={() => actions.dialogOpened({ kind: 'edit', name: view.name })}>
        {t('servers.sandboxNotice.allow')}
      </button>{' '}
      <button
        type="button"
        disabled={pending}
        onClick={() => void run((host) => host.invoke('sandbox.dismissNotice', { server: view.name }))}
      >
        {t('servers.dismiss')}
      </button>
    </div>
  );
}
