// "Sign in to <server>?": whose page opens and what it asks for, before anything opens.
import { type ReactNode, useState } from 'react';
import { isLoopbackHost } from '../../../../shared/remoteUrl';
import type { SignInPrompt } from '../../../../shared/types';
import { Dialog } from '../../components/Dialog';
import { useCommand } from '../../components/useCommand';
import { Message, useT } from '../../i18n';

/** True for a page Switchboard may open: https, or http on this machine. */
export function isOpenablePage(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname));
  } catch {
    return false;
  }
}

/** Props of `SignInDialog`: the prompt the host prepared, and what to do when the person leaves it. */
export type SignInDialogProps = { prompt: SignInPrompt; onOpened: () => void; onCancel: () => void };

/** Open sign-in page: in Electron the host opens it (after its own confirmation); in a browser this tab does. */
export function SignInDialog({ prompt, onOpened, onCancel }: SignInDialogProps): ReactNode {
  const t = useT();
  const { run, pending, error } = useCommand();
  const [notOpened, setNotOpened] = useState(false);
  const openable = isOpenablePage(prompt.url);

  const open = async () => {
    if (!openable) return;
    if (!window.host) {
      window.open(prompt.url, '_blank', 'noopener,noreferrer');
      onOpened();
      return;
    }
    const outcome = await run((host) => host.invoke('servers.openSignIn', { server: prompt.server }));
    if (outcome.ok && outcome.value) onOpened();
    else if (outcome.ok) setNotOpened(true);
  };

  return (
    <Dialog
      title={t('servers.signInDialog.title', { server: prompt.server })}
      onClose={onCancel}
      footer={
        <>
          <button type="button" onClick={onCancel}>
            {t('servers.cancel')}
          </button>
          <button
            type="button"
            className="primary"
            disabled={!openable || pending}
            onClick={() => void open()}
          >
            {t('servers.signInDialog.open')}
          </button>
        </>
      }
    >
      <p>
        <Message
          id="servers.signInDialog.intro"
          values={{
            server: prompt.server,
            authorizationServer: prompt.authorizationServer,
            strong: (chunks: ReactNode) => <strong className="selectable">{chunks}</strong>,
          }}
        />
      </p>
      {prompt.scopes.length > 0 ? (
        <>
          <p>{t('servers.signInDialog.scopes')}</p>
          <ul className="scope-list" aria-label={t('servers.signInDialog.scopesLabel')}>
            {prompt.scopes.map((scope) => (
              <li key={scope}>
                <code>{scope}</code>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('servers.signInDialog.noScopes')}</p>
      )}
      <p className="muted">{t('servers.signInDialog.after')}</p>
      {!openable ? (
        <p className="inline-error" role="alert">
          {t('servers.signInDialog.insecure')}
        </p>
      ) : null}
      {notOpened ? <p className="muted">{t('servers.signInDialog.notOpened')}</p> : null}
      {error ? (
        <p className="inline-error" role="alert">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
