// Install link…: paste (or arrive with) a switchboard://, vscode:, cursor:// or LM Studio link; its server waits for approval.
import { useId, useState } from 'react';
import type { BringInResult } from '../../../../shared/registry';
import { Dialog } from '../../components/Dialog';
import { useCommand } from '../../components/useCommand';
import { useT } from '../../i18n';
import { BringInForm } from './BringInForm';
import './registry.css';

export function InstallLink({ link: given, onClose }: { link?: string; onClose: () => void }) {
  const t = useT();
  const linkId = useId();
  const [link, setLink] = useState(given ?? '');
  const [result, setResult] = useState<BringInResult | null>(null);
  const { run, pending, error } = useCommand();
  return (
    <Dialog title={t('registry.link.title')} onClose={onClose}>
      <BringInForm
        result={result}
        onDone={onClose}
        onSubmit={() =>
          void run((host) => host.invoke('links.open', { link: link.trim() })).then(
            (outcome) => outcome.ok && setResult(outcome.value),
          )
        }
        error={error}
        submit={t('registry.link.review')}
        submitDisabled={pending || !link.trim()}
      >
        <div className="form-row">
          <label htmlFor={linkId}>{t('registry.link.title')}</label>
          <textarea
            id={linkId}
            rows={4}
            value={link}
            spellCheck={false}
            onChange={(event) => setLink(event.target.value)}
          />
        </div>
        <p className="muted">{t('registry.link.hint')}</p>
      </BringInForm>
    </Dialog>
  );
}
