// Install link…: paste (or arrive with) a switchboard://, vscode:, cursor:// or LM Studio link; its server waits for approval.
import { useId, useState } from 'react';
import type { BringInResult } from '../../../../shared/registry';
import { Dialog } from '../../components/Dialog';
import { useCommand } from '../../components/useCommand';
import { ResultNote } from './ResultNote';
import './registry.css';

export function InstallLink({ link: given, onClose }: { link?: string; onClose: () => void }) {
  const linkId = useId();
  const [link, setLink] = useState(given ?? '');
  const [result, setResult] = useState<BringInResult | null>(null);
  const { run, pending, error } = useCommand();
  return (
    <Dialog title="Install link" onClose={onClose}>
      {result ? (
        <>
          <ResultNote result={result} />
          <button type="button" onClick={onClose}>
            Done
          </button>
        </>
      ) : (
        <form
          className="bring-in-form"
          onSubmit={(event) => {
            event.preventDefault();
            void run((host) => host.invoke('links.open', { link: link.trim() })).then(
              (outcome) => outcome.ok && setResult(outcome.value),
            );
          }}
        >
          <div className="form-row">
            <label htmlFor={linkId}>Install link</label>
            <textarea
              id={linkId}
              rows={4}
              value={link}
              spellCheck={false}
              onChange={(event) => setLink(event.target.value)}
            />
          </div>
          <p className="muted">
            Links from Switchboard, VS Code, Cursor and LM Studio are read. The server is added waiting for
            your approval; nothing starts before you approve it.
          </p>
          {error ? (
            <p className="inline-error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="primary" disabled={pending || !link.trim()}>
            Review
          </button>
        </form>
      )}
    </Dialog>
  );
}
