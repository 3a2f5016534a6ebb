// The first-run walkthrough: add a folder, connect a model, try /review-file; or skip it.
import { type ReactNode, useId } from 'react';
import { useCommand } from '../../components/useCommand';
import { actions, useModels, useRootsView } from '../../store';
import { AddFolderButton } from '../roots/RootsPage';
import { listWords } from '../roots/sharing';
import { ModelStep } from './ModelStep';
import { stepStatus, welcomeSteps } from './welcome';
import { dismissWelcome, showReviewHint } from './welcomeState';
import './welcome.css';
import { setDraft } from '../chat/Composer';

function Step({
  number,
  title,
  done,
  children,
}: {
  number: number;
  title: string;
  done: boolean | null;
  children: ReactNode;
}): ReactNode {
  const titleId = useId();
  return (
    <li className={done ? 'welcome-step done' : 'welcome-step'} aria-labelledby={titleId}>
      <span className="welcome-mark" aria-hidden="true">
        {done ? '✓' : number}
      </span>
      <div className="welcome-step-body">
        <div className="welcome-step-head">
          <h2 id={titleId}>{title}</h2>
          {done === null ? null : (
            <span className={done ? 'welcome-state done' : 'welcome-state'}>{stepStatus(done)}</span>
          )}
        </div>
        {children}
      </div>
    </li>
  );
}

function ReviewStep(): ReactNode {
  const { run, pending, error } = useCommand();
  const start = async () => {
    const outcome = await run((host) => host.invoke('chat.create', {}));
    if (!outcome.ok) return;
    showReviewHint(outcome.value.id);
    setDraft(outcome.value.id, '/review-file');
    dismissWelcome();
    actions.chatOpened(outcome.value.id);
    actions.conversationLoaded(outcome.value);
  };
  return (
    <>
      <p>
        Start a conversation and type <code>/review-file</code> to have the model review a file from the
        folder you added. It asks you before every tool call.
      </p>
      <div className="button-row">
        <button type="button" disabled={pending} onClick={() => void start()}>
          Try /review-file
        </button>
      </div>
      {error ? (
        <p className="inline-error" role="alert">
          Could not start a conversation: {error}
        </p>
      ) : null}
    </>
  );
}

/** The welcome page in the main area. */
export function WelcomeView(): ReactNode {
  const roots = useRootsView();
  const models = useModels();
  const steps = welcomeSteps(roots, models);
  const titleId = useId();
  const names = (roots?.roots ?? []).map((root) => root.name);

  return (
    <section className="welcome" aria-labelledby={titleId}>
      <div className="welcome-inner">
        <h1 id={titleId}>Welcome to Switchboard</h1>
        <p className="welcome-lead">
          Switchboard lets a model use tools on your computer, and asks you before every step. Three things
          get you going:
        </p>
        <ol className="welcome-steps">
          <Step number={1} title="Add a folder" done={steps.folder}>
            <p>
              {steps.folder
                ? `Servers may work in ${listWords(names)}. Add more any time under Roots.`
                : 'Choose a folder the built-in workspace server may read and work in. Nothing outside it is shared.'}
            </p>
            <div className="button-row">
              <AddFolderButton primary={!steps.folder} />
            </div>
          </Step>
          <Step number={2} title="Connect a model" done={steps.model}>
            <ModelStep models={models} />
          </Step>
          <Step number={3} title="Try /review-file" done={null}>
            <ReviewStep />
          </Step>
        </ol>
        <div className="welcome-footer">
          <button type="button" onClick={dismissWelcome}>
            Skip
          </button>
          <span className="muted">
            You can do all of this later: Roots in the sidebar, models in Settings.
          </span>
        </div>
      </div>
    </section>
  );
}
