// One waiting tool call, decided in its card or in the dialog: what it is, what it would write, its arguments, and the answers.
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import type { ConsentDecision, ConsentRequest } from '../../../../shared/chat';
import { AnswerStatus } from '../../components/AnswerStatus';
import { JsonEditor } from '../../components/JsonEditor';
import { Message, useT } from '../../i18n';
import { toolDisplayName } from '../tools/toolList';
import { ArgsEditTrace } from './ArgsEditTrace';
import { ArgumentsView } from './ArgumentsView';
import { DefinitionDiff } from './DefinitionDiff';
import { DescriptionFlags, FlowBadges, HoldWarning, requestFlags } from './FlowNotes';
import { HintBadges } from './HintBadges';
import { editorHeight } from './requestText';
import { shortcutOf } from './shortcuts';
import { useDecision } from './useDecision';
import { WritePreviewView } from './WritePreviewView';
import './consent.css';
import './pending.css';

type Decision = ReturnType<typeof useDecision>;

/** Markup the messages of a decision use. */
const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;
const code = (chunks: ReactNode[]) => <code>{chunks}</code>;

/** The values that say who asks (the model, or an app view of the server) and which tool, by both its names. */
function askValues(request: ConsentRequest, shownName: string) {
  return {
    who: request.viaView ? 'view' : 'model',
    view: request.viaView ?? '',
    server: request.server,
    tool: shownName,
    named: shownName !== request.tool.name ? 'yes' : 'no',
    name: request.tool.name,
    strong,
    code,
  };
}

function ArgumentsSection({ request, decision }: { request: ConsentRequest; decision: Decision }): ReactNode {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const errorsId = useId();
  const titleId = useId();
  const { check } = decision;
  return (
    <section className="consent-section consent-args" aria-labelledby={titleId}>
      <div className="consent-args-head">
        <h3 id={titleId} className="consent-section-title">
          {t('consent.args.label')}
        </h3>
        <span className="consent-footer-gap" />
        {decision.edited ? (
          <button type="button" className="small" onClick={decision.reset}>
            {t('consent.args.undo')}
          </button>
        ) : null}
        <button type="button" className="small" aria-pressed={editing} onClick={() => setEditing(!editing)}>
          {editing ? t('consent.args.doneEditing') : t('consent.args.edit')}
        </button>
      </div>
      {editing ? (
        <>
          <p className="muted consent-hint-text">{t('consent.args.editHint')}</p>
          <JsonEditor
            value={decision.text}
            onChange={decision.setText}
            schema={request.tool.inputSchema}
            height={editorHeight(decision.text)}
            ariaLabel={t('consent.args.label')}
          />
        </>
      ) : (
        <ArgumentsView args={decision.args} />
      )}
      {check.ok ? (
        check.note ? (
          <p className="muted consent-hint-text">{check.note}</p>
        ) : null
      ) : (
        <div id={errorsId} className="consent-problems" role="alert">
          <p>{t('consent.args.cannotSend')}</p>
          <ul>
            {check.errors.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      {decision.edited ? (
        <ArgsEditTrace before={request.args} after={decision.args} viaView={request.viaView} />
      ) : null}
    </section>
  );
}

/** The answers: once, for this conversation, the server's tools for this conversation, always, or deny; a held call only once or deny. */
function AnswerButtons({ request, decision }: { request: ConsentRequest; decision: Decision }): ReactNode {
  const t = useT();
  const { canAnswer, canAllow, check } = decision;
  // A held call, or a tool an open view offers, is answered one call at a time.
  const held = request.hold !== undefined || request.ofView !== undefined;
  const inConversation = request.conversationId !== '' && !held;
  const reason = check.ok ? null : t('consent.answer.fixFirst');
  const allow = (choice: ConsentDecision, label: string, title: string, primary = false) => (
    <button
      type="button"
      className={primary ? 'primary' : undefined}
      disabled={!canAllow}
      title={title}
      aria-keyshortcuts={primary ? 'Alt+Y' : undefined}
      onClick={() => void decision.answer(choice)}
    >
      {label}
    </button>
  );
  return (
    <div className="decision-answers">
      <div className="decision-answers-row">
        {allow('once', t('consent.answer.once'), t('consent.answer.onceTitle'), true)}
        {inConversation
          ? allow(
              'conversation',
              t('consent.answer.conversation'),
              t('consent.answer.conversationTitle', { tool: request.tool.name }),
            )
          : null}
        <button
          type="button"
          className="danger"
          disabled={!canAnswer}
          title={t('consent.answer.denyTitle')}
          aria-keyshortcuts="Alt+N"
          onClick={() => void decision.answer('deny')}
        >
          {t('consent.answer.deny')}
        </button>
        {reason ? <span className="consent-footer-reason">{reason}</span> : null}
      </div>
      {held ? null : (
        <div className="decision-answers-row decision-answers-more">
          {inConversation
            ? allow(
                'server-conversation',
                t('consent.answer.serverConversation', { server: request.server }),
                t('consent.answer.serverConversationTitle', { server: request.server }),
              )
            : null}
          {request.viaView
            ? allow(
                'view',
                t('consent.answer.view', { tool: request.tool.name }),
                t('consent.answer.viewTitle', { view: request.viaView, tool: request.tool.name }),
              )
            : null}
          {allow(
            'always',
            t('consent.answer.always'),
            t('consent.answer.alwaysTitle', { tool: request.tool.name, server: request.server }),
          )}
        </div>
      )}
    </div>
  );
}

/** The body of a decision: description, hints, what changed, the file it writes and the arguments. */
function DecisionBody({ request, decision }: { request: ConsentRequest; decision: Decision }): ReactNode {
  const t = useT();
  const { tool } = request;
  return (
    <>
      {request.hold ? <HoldWarning hold={request.hold} /> : null}
      {request.ofView ? (
        <p className="consent-description" role="note">
          <Message
            id="consent.body.ofView"
            values={{ view: request.ofView, server: request.server, strong }}
          />
        </p>
      ) : null}
      <DescriptionFlags flags={requestFlags(request)} />
      {tool.description ? (
        <section className="consent-section" aria-label={t('consent.body.descriptionLabel')}>
          <p className="consent-description">{tool.description}</p>
        </section>
      ) : (
        <p className="muted">{t('consent.body.noDescription')}</p>
      )}
      <div className="consent-claims">
        <HintBadges annotations={tool.annotations} />
        {request.labels ? <FlowBadges labels={request.labels} /> : null}
      </div>
      {request.changed ? <DefinitionDiff change={request.changed} /> : null}
      <WritePreviewView request={request} args={decision.args} />
      <ArgumentsSection request={request} decision={decision} />
    </>
  );
}

function useShortcuts(decision: Decision) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const choice = shortcutOf(event);
    if (!choice) return;
    event.preventDefault();
    event.stopPropagation();
    void decision.answer(choice);
  };
}

/** A waiting call decided inside its card: a region the composer's shortcut and Review button can focus. */
export function CardDecision({ request }: { request: ConsentRequest }): ReactNode {
  const t = useT();
  const decision = useDecision(request);
  const onKeyDown = useShortcuts(decision);
  const shownName = toolDisplayName(request.tool);
  return (
    <section
      className="decision decision-card"
      aria-label={t('consent.card.label', { tool: request.tool.name })}
      data-consent-id={request.id}
      tabIndex={-1}
      onKeyDownCapture={onKeyDown}
    >
      <p className="decision-question">
        <Message id="consent.card.question" values={askValues(request, shownName)} />
      </p>
      <DecisionBody request={request} decision={decision} />
      <AnswerButtons request={request} decision={decision} />
      <AnswerStatus linked={decision.linked} error={decision.error} className="consent-problems" />
    </section>
  );
}

/** The same decision as the dialog's body and footer; `summaryId` names the summary the dialog is described by. */
export function DialogDecision({
  request,
  summaryId,
  icon,
}: {
  request: ConsentRequest;
  summaryId: string;
  icon: ReactNode;
}): ReactNode {
  const t = useT();
  const decision = useDecision(request);
  const onKeyDown = useShortcuts(decision);
  const shownName = toolDisplayName(request.tool);
  const selfTitle = request.serverTitle?.trim();
  return (
    <div className="decision-dialog-content" onKeyDownCapture={onKeyDown}>
      <div className="dialog-body consent-body">
        <div className="consent-who">
          {icon}
          <div className="consent-who-text">
            <p className="consent-server">{request.server}</p>
            {selfTitle && selfTitle !== request.server ? (
              <p className="muted consent-self-title">
                {t('consent.dialog.selfTitle', { title: selfTitle })}
              </p>
            ) : null}
          </div>
        </div>
        <p id={summaryId} className="consent-summary">
          <Message id="consent.dialog.summary" values={askValues(request, shownName)} />
        </p>
        <DecisionBody request={request} decision={decision} />
        <AnswerStatus linked={decision.linked} error={decision.error} className="consent-problems" />
      </div>
      <footer className="dialog-footer consent-footer">
        <AnswerButtons request={request} decision={decision} />
      </footer>
    </div>
  );
}
