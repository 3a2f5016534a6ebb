// A remote server's sign-in, under its header: Sign in required, more permissions needed, or waiting for the browser.
import { type ReactNode, useState } from 'react';
import type { ServerView, SignInPrompt } from '../../../../shared/types';
import { useCommand } from '../../components/useCommand';
import { SignInDialog } from './SignInDialog';

/** Shows nothing while the server needs nothing from the person. */
export function SignInPanel({ view }: { view: ServerView }): ReactNode {
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
    <section className="sign-in-panel" aria-label="Sign-in">
      {required && view.state.kind === 'sign-in-required' ? <p>{view.state.message}</p> : null}
      {moreScopes ? (
        <p>
          {server} needs more permissions
          {moreScopes.length > 0 ? ` (${moreScopes.join(', ')})` : ''} for something you asked. Sign in again
          to grant them.
        </p>
      ) : null}
      {auth?.problem ? <p className="inline-error">{auth.problem}</p> : null}
      {waiting ? (
        <p className="button-row">
          <span>Waiting for you to finish signing in in your browser…</span>
          <button type="button" className="small" onClick={cancel}>
            Cancel sign-in
          </button>
        </p>
      ) : null}
      {(required || moreScopes) && !waiting ? (
        <div className="button-row">
          <button type="button" className="primary" disabled={pending} onClick={() => void signIn()}>
            {pending ? 'Preparing…' : 'Sign in'}
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
