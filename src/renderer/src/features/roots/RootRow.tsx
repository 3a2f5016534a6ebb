// One shared folder: its display name and real path, who sees it, Rename (inline) and Remove (confirmed).
import { type ReactNode, useRef, useState } from 'react';
import type { RootView } from '../../../../shared/roots';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { InlineRename } from '../../components/InlineRename';
import { useCommand } from '../../components/useCommand';
import { actions } from '../../store';

/** Props of `RootRow`. */
export type RootRowProps = { root: RootView; seenBy: string };

/** A list item for `root`; `seenBy` says which servers see it. */
export function RootRow({ root, seenBy }: RootRowProps): ReactNode {
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
            label="Display name"
            className="root-rename"
            rename={async (host, name) =>
              actions.rootsChanged(await host.invoke('roots.rename', { uri: root.uri, name }))
            }
            onDone={doneRenaming}
            hint={<span className="muted root-rename-hint">Enter saves · Escape cancels</span>}
            errorPrefix="Could not rename the folder:"
          />
        ) : (
          <span className="root-name">{root.name}</span>
        )}
        <span className="root-path selectable">{root.path}</span>
        <span className="root-seen muted">{seenBy}</span>
        {remove.error ? (
          <p className="inline-error" role="alert">
            Could not remove the folder: {remove.error}
          </p>
        ) : null}
      </div>
      <div className="root-actions">
        <button
          ref={renameButton}
          type="button"
          className="small"
          aria-label={`Rename ${root.name}`}
          disabled={renaming}
          onClick={() => setRenaming(true)}
        >
          Rename
        </button>
        <button
          type="button"
          className="small danger"
          aria-label={`Remove ${root.name}`}
          disabled={remove.pending}
          onClick={() => setConfirming(true)}
        >
          Remove
        </button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title={`Remove ${root.name}?`}
          message={`Servers will no longer see ${root.path}. The folder and its files stay where they are.`}
          confirmLabel="Remove"
          onConfirm={() => void confirmRemove()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </li>
  );
}
