// "Sign in to <server>?": whose page opens and what it asks for, before anything opens.
import { type ReactNode, useState } from 'react';
import { isLoopbackHost } from '../../../../shared/remoteUrl';
import type { SignInPrompt } from '../../../../shared/types';
import { Dialog } from '../../components/Dialog';
import { useCommand } from '../../components/useCommand';

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
      title={`Sign in to ${prompt.server}`}
      onClose={onCancel}
      footer={
        <>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className="primary"
            disabled={!openable || pending}
            onClick={() => void open()}
          >
            Open sign-in page
          </button>
        </>
      }
    >
      <p>
        {prompt.server} asks you to sign in. Switchboard will open the sign-in page of{' '}
        <strong className="selectable">{prompt.authorizationServer}</strong> in your browser.
      </p>
      {prompt.scopes.length > 0 ? (
        <>
          <p>It asks for these permissions:</p>
          <ul className="scope-list" aria-label="Permissions asked for">
            {prompt.scopes.map((scope) => (
              <li key={scope}>
                <code>{scope}</code>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>It asks for no particular permissions.</p>
      )}
      <p className="muted">
        After you sign in there, the page sends you back to Switchboard on this computer; you can then close
        it.
      </p>
      {!openable ? (
        <p className="inline-error" role="alert">
          The sign-in page is not a secure https address, so Switchboard will not open it.
        </p>
      ) : null}
      {notOpened ? (
        <p className="muted">The page was not opened. Press Open sign-in page to try again.</p>
      ) : null}
      {error ? (
        <p className="inline-error" role="alert">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
