// One shared folder: its display name and real path, who sees it, Rename (inline) and Remove (confirmed).
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import type { RootView } from '../../../../shared/roots';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useCommand } from '../../components/useCommand';
import { actions } from '../../store';

function RenameField({ root, onDone }: { root: RootView; onDone: () => void }): ReactNode {
  const [name, setName] = useState(root.name);
  const { run, pending, error } = useCommand();
  const finished = useRef(false);

  const finish = () => {
    finished.current = true;
    onDone();
  };

  const save = async () => {
    const next = name.trim();
    if (finished.current || pending) return;
    if (next === '' || next === root.name) {
      finish();
      return;
    }
    const outcome = await run((host) => host.invoke('roots.rename', { uri: root.uri, name: next }));
    if (outcome.ok) {
      actions.rootsChanged(outcome.value);
      finish();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      finish();
    }
  };

  return (
    <div className="root-rename">
      <input
        type="text"
        aria-label="Display name"
        value={name}
        maxLength={200}
        disabled={pending}
        // biome-ignore lint/a11y/noAutofocus: the person just asked to rename this folder
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => void save()}
      />
      <span className="muted root-rename-hint">Enter saves · Escape cancels</span>
      {error ? (
        <p className="inline-error" role="alert">
          Could not rename the folder: {error}
        </p>
      ) : null}
    </div>
  );
}

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
          <RenameField root={root} onDone={doneRenaming} />
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
