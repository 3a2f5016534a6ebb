// Install link…: paste (or arrive with) a switchboard://, vscode:, cursor:// or LM Studio link; its server waits for approval.
import { useId, useState } from 'react';
import type { BringInResult } from '../../../../shared/registry';
import { Dialog } from '../../components/Dialog';
import { useCommand } from '../../components/useCommand';
import { BringInForm } from './BringInForm';
import './registry.css';

export function InstallLink({ link: given, onClose }: { link?: string; onClose: () => void }) {
  const linkId = useId();
  const [link, setLink] = useState(given ?? '');
  const [result, setResult] = useState<BringInResult | null>(null);
  const { run, pending, error } = useCommand();
  return (
    <Dialog title="Install link" onClose={onClose}>
      <BringInForm
        result={result}
        onDone={onClose}
        onSubmit={() =>
          void run((host) => host.invoke('links.open', { link: link.trim() })).then(
            (outcome) => outcome.ok && setResult(outcome.value),
          )
        }
        error={error}
        submit="Review"
        submitDisabled={pending || !link.trim()}
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
          Links from Switchboard, VS Code, Cursor and LM Studio are read. The server is added waiting for your
          approval; nothing starts before you approve it.
        </p>
      </BringInForm>
    </Dialog>
  );
}
