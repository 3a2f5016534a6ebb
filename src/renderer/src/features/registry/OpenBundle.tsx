// Open bundle…: the path of a .mcpb file on this computer (browser mode has no file dialog), then the bundle's form.
import { useId, useState } from 'react';
import type { BundleView } from '../../../../shared/bundles';
import { Dialog } from '../../components/Dialog';
import { useCommand } from '../../components/useCommand';
import { BundleForm } from './BundleForm';
import './registry.css';

export function OpenBundle({ onClose }: { onClose: () => void }) {
  const pathId = useId();
  const [path, setPath] = useState('');
  const [bundle, setBundle] = useState<BundleView | null>(null);
  const { run, pending, error } = useCommand();
  return (
    <Dialog title="Open bundle" onClose={onClose} wide>
      {bundle ? (
        <BundleForm bundle={bundle} onDone={onClose} />
      ) : (
        <form
          className="bring-in-form"
          onSubmit={(event) => {
            event.preventDefault();
            void run((host) => host.invoke('bundles.open', { path: path.trim() })).then(
              (outcome) => outcome.ok && setBundle(outcome.value),
            );
          }}
        >
          <div className="form-row">
            <label htmlFor={pathId}>Path of the .mcpb file</label>
            <input
              id={pathId}
              value={path}
              spellCheck={false}
              placeholder="/home/you/Downloads/server.mcpb"
              onChange={(event) => setPath(event.target.value)}
            />
          </div>
          {window.host ? (
            <button
              type="button"
              disabled={pending}
              onClick={() =>
                void run((host) => host.invoke('bundles.pick', {})).then(
                  (outcome) => outcome.ok && outcome.value && setBundle(outcome.value),
                )
              }
            >
              Choose file…
            </button>
          ) : null}
          <p className="muted">
            The bundle is checked and unpacked into Switchboard's data folder; nothing runs until you approve
            it.
          </p>
          {error ? (
            <p className="inline-error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="primary" disabled={pending || !path.trim()}>
            Open
          </button>
        </form>
      )}
    </Dialog>
  );
}
