// One shared folder: its display name and real path, who sees it, Rename (inline) and Remove (confirmed).
import { type ReactNode, useRef, useState } from 'react';
import type { RootView } from '../../../../shared/roots';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { InlineRename } from '../../components/InlineRename';
import { useCommand } from '../../components/useCommand';
import { useT } from '../../i18n';
import { actions } from '../../store';

/** Props of `RootRow`. */
export type RootRowProps = { root: RootView; seenBy: string };

/** A list item for `root`; `seenBy` says which servers see it. */
export function RootRow({ root, seenBy }: RootRowProps): ReactNode {
  const t = useT();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useCommand();
  const renameButton = useRef<HTMLButtonElement>(null);

  const doneRenaming = () => {
    setRenaming(false);
    requestAnimationFrame(() => renameButton.current?.focus());
  };

  const confirmRemove = async () => {
    setConfirming(false);
    const outcome = await remove.run((host) => host.invoke('roots.remove', { uri: root.uri }));
    if (outcome.ok) actions.rootsChanged(outcome.value);
  };

  return (
    <li className="root-item">
      <div className="root-main">
        {renaming ? (
          <InlineRename
            value={root.name}
            label={t('roots.row.displayName')}
            className="root-rename"
            rename={async (host, name) =>
              actions.rootsChanged(await host.invoke('roots.rename', { uri: root.uri, name }))
            }
            onDone={doneRenaming}
            hint={<span className="muted root-rename-hint">{t('roots.row.renameHint')}</span>}
            errorPrefix={t('roots.row.renameFailed')}
          />
        ) : (
          <span className="root-name">{root.name}</span>
        )}
        <span className="root-path selectable">{root.path}</span>
        <span className="root-seen muted">{seenBy}</span>
        {remove.error ? (
          <p className="inline-error" role="alert">
            {t('roots.row.removeFailed', { error: remove.error })}
          </p>
        ) : null}
      </div>
      <div className="root-actions">
        <button
          ref={renameButton}
          type="button"
          className="small"
          aria-label={t('roots.row.renameLabel', { name: root.name })}
          disabled={renaming}
          onClick={() => setRenaming(true)}
        >
          {t('roots.row.rename')}
        </button>
        <button
          type="button"
          className="small danger"
          aria-label={t('roots.row.removeLabel', { name: root.name })}
          disabled={remove.pending}
          onClick={() => setConfirming(true)}
        >
          {t('roots.row.remove')}
        </button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title={t('roots.row.removeTitle', { name: root.name })}
          message={t('roots.row.removeMessage', { path: root.path })}
          confirmLabel={t('roots.row.remove')}
          onConfirm={() => void confirmRemove()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </li>
  );
}
