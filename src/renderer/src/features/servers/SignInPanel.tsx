// A remote server's sign-in, under its header: Sign in required, more permissions needed, or waiting for the browser.
import { type ReactNode, useState } from 'react';
import type { ServerView, SignInPrompt } from '../../../../shared/types';
import { hostWords } from '../../components/format';
import { useCommand } from '../../components/useCommand';
import { useT } from '../../i18n';
import { SignInDialog } from './SignInDialog';

/** Shows nothing while the server needs nothing from the person. */
export function SignInPanel({ view }: { view: ServerView }): ReactNode {
  const t = useT();
  const { run, pending, error } = useCommand();
  const [prompt, setPrompt] = useState<SignInPrompt | null>(null);
  const server = view.name;
  const auth = view.auth;
  const required = view.state.kind === 'sign-in-required';
  const moreScopes = view.state.kind === 'running' ? auth?.moreScopes : undefined;
  const waiting = auth?.status === 'signing-in';
  if (!required && !moreScopes && !waiting && !auth?.problem) return null;

  const signIn = async () => {
    const outcome = await run((host) => host.invoke('servers.signIn', { server }));
    if (outcome.ok) setPrompt(outcome.value);
  };
  const cancel = () => {
    setPrompt(null);
    void run((host) => host.invoke('servers.cancelSignIn', { server }));
  };

  return (
    <section className="sign-in-panel" aria-label={t('servers.signIn.title')}>
      {required && view.state.kind === 'sign-in-required' ? (
        <p>{hostWords(view.state.message, view.state.text)}</p>
      ) : null}
      {moreScopes ? (
        <p>
          {t('servers.signIn.moreScopes', {
            server,
            count: moreScopes.length,
            scopes: moreScopes.join(', '),
          })}
        </p>
      ) : null}
      {auth?.problem ? <p className="inline-error">{hostWords(auth.problem, auth.problemText)}</p> : null}
      {waiting ? (
        <p className="button-row">
          <span>{t('servers.signIn.waiting')}</span>
          <button type="button" className="small" onClick={cancel}>
            {t('servers.signIn.cancel')}
          </button>
        </p>
      ) : null}
      {(required || moreScopes) && !waiting ? (
        <div className="button-row">
          <button type="button" className="primary" disabled={pending} onClick={() => void signIn()}>
            {pending ? t('servers.signIn.preparing') : t('servers.signIn.signIn')}
          </button>
        </div>
      ) : null}
      {error ? (
        <p className="inline-error" role="alert">
          {error}
        </p>
      ) : null}
      {prompt ? <SignInDialog prompt={prompt} onOpened={() => setPrompt(null)} onCancel={cancel} /> : null}
    </section>
  );
}
