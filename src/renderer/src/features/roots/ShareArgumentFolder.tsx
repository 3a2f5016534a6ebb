// The offer to share a folder a server was given in its arguments, so the host can show what its writes change: one click.
import type { ReactNode } from 'react';
import { useCommand } from '../../components/useCommand';
import { useT } from '../../i18n';
import './roots.css';

/** "This server was given <folder> in its arguments…" with **Share <folder>**; `onShared` runs once it is shared. */
export function ShareArgumentFolder({
  server,
  folders,
  onShared,
}: {
  server: string;
  folders: readonly string[];
  onShared?: () => void;
}): ReactNode {
  const t = useT();
  const { run, pending, error } = useCommand();
  if (folders.length === 0) return null;
  const share = async (path: string) => {
    const outcome = await run((host) => host.invoke('roots.shareWith', { server, path }));
    if (outcome.ok) onShared?.();
  };
  return (
    <div className="notice argument-folders" role="note">
      <p>{t('roots.argument.notice', { server, count: folders.length })}</p>
      <ul className="argument-folder-list">
        {folders.map((folder) => (
          <li key={folder}>
            <code className="selectable">{folder}</code>{' '}
            <button type="button" className="small" disabled={pending} onClick={() => void share(folder)}>
              {t('roots.argument.share', { folder })}
            </button>
          </li>
        ))}
      </ul>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
