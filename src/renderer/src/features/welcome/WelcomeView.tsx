// The first-run walkthrough: add a folder, connect a model, try /review-file; or skip it.
import { type ReactNode, useId } from 'react';
import { useCommand } from '../../components/useCommand';
import { Message, useT } from '../../i18n';
import { actions, useModels, useRootsView } from '../../store';
import { AddFolderButton } from '../roots/RootsPage';
import { listWords } from '../roots/sharing';
import { ModelStep } from './ModelStep';
import { REVIEW_COMMAND, stepStatus, welcomeSteps } from './welcome';
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
  const t = useT();
  const { run, pending, error } = useCommand();
  const start = async () => {
    const outcome = await run((host) => host.invoke('chat.create', {}));
    if (!outcome.ok) return;
    showReviewHint(outcome.value.id);
    setDraft(outcome.value.id, REVIEW_COMMAND);
    dismissWelcome();
    actions.chatOpened(outcome.value.id);
    actions.conversationLoaded(outcome.value);
  };
  return (
    <>
      <p>
        <Message
          id="welcome.review.text"
          values={{ command: REVIEW_COMMAND, code: (chunks: ReactNode[]) => <code>{chunks}</code> }}
        />
      </p>
      <div className="button-row">
        <button type="button" disabled={pending} onClick={() => void start()}>
          {t('welcome.review.try', { command: REVIEW_COMMAND })}
        </button>
      </div>
      {error ? (
        <p className="inline-error" role="alert">
          {t('welcome.review.failed', { error })}
        </p>
      ) : null}
    </>
  );
}

/** The welcome page in the main area. */
export function WelcomeView(): ReactNode {
  const t = useT();
  const roots = useRootsView();
  const models = useModels();
  const steps = welcomeSteps(roots, models);
  const titleId = useId();
  const names = (roots?.roots ?? []).map((root) => root.name);

  return (
    <section className="welcome" aria-labelledby={titleId}>
      <div className="welcome-inner">
        <h1 id={titleId}>{t('welcome.title')}</h1>
        <p className="welcome-lead">{t('welcome.lead')}</p>
        <ol className="welcome-steps">
          <Step number={1} title={t('welcome.folder.title')} done={steps.folder}>
            <p>
              {steps.folder
                ? t('welcome.folder.done', { folders: listWords(names) })
                : t('welcome.folder.todo')}
            </p>
            <div className="button-row">
              <AddFolderButton primary={!steps.folder} />
            </div>
          </Step>
          <Step number={2} title={t('welcome.model.title')} done={steps.model}>
            <ModelStep models={models} />
          </Step>
          <Step number={3} title={t('welcome.review.try', { command: REVIEW_COMMAND })} done={null}>
            <ReviewStep />
          </Step>
        </ol>
        <div className="welcome-footer">
          <button type="button" onClick={dismissWelcome}>
            {t('welcome.skip')}
          </button>
          <span className="muted">{t('welcome.later')}</span>
        </div>
      </div>
    </section>
  );
}
