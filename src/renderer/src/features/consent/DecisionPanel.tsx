// One waiting tool call, decided in its card or in the dialog: what it is, what it would write, its arguments, and the answers.
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import type { ConsentDecision, ConsentRequest } from '../../../../shared/chat';
import { AnswerStatus } from '../../components/AnswerStatus';
import { JsonEditor } from '../../components/JsonEditor';
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

/** Who asks, in words: the model, or an app view of the server. */
function asker(request: ConsentRequest): string {
  return request.viaView ? `The view of ${request.viaView}` : 'The model';
}

function ArgumentsSection({ request, decision }: { request: ConsentRequest; decision: Decision }): ReactNode {
  const [editing, setEditing] = useState(false);
  const errorsId = useId();
  const titleId = useId();
  const { check } = decision;
  return (
    <section className="consent-section consent-args" aria-labelledby={titleId}>
      <div className="consent-args-head">
        <h3 id={titleId} className="consent-section-title">
          Arguments
        </h3>
        <span className="consent-footer-gap" />
        {decision.edited ? (
          <button type="button" className="small" onClick={decision.reset}>
            Undo my changes
          </button>
        ) : null}
        <button type="button" className="small" aria-pressed={editing} onClick={() => setEditing(!editing)}>
          {editing ? 'Done editing' : 'Edit as JSON'}
        </button>
      </div>
      {editing ? (
        <>
          <p className="muted consent-hint-text">
            What the call will send. Your change applies to this call only, and is recorded.
          </p>
          <JsonEditor
            value={decision.text}
            onChange={decision.setText}
            schema={request.tool.inputSchema}
            height={editorHeight(decision.text)}
            ariaLabel="Arguments"
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
          <p>These arguments cannot be sent. Fix them, or deny the call:</p>
          <ul>
            {check.errors.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      {decision.edited ? (
        <ArgsEditTrace before={request.args} after={decision.args} who={asker(request).toLowerCase()} />
      ) : null}
    </section>
  );
}

/** The answers: once, for this conversation, the server's tools for this conversation, always, or deny; a held call only once or deny. */
function AnswerButtons({ request, decision }: { request: ConsentRequest; decision: Decision }): ReactNode {
  const { canAnswer, canAllow, check } = decision;
  // A held call, or a tool an open view offers, is answered one call at a time.
  const held = request.hold !== undefined || request.ofView !== undefined;
  const inConversation = request.conversationId !== '' && !held;
  const reason = check.ok ? null : 'Fix the arguments to allow this call.';
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
        {allow('once', 'Allow once', 'Runs this call only (Alt+Y).', true)}
        {inConversation
          ? allow(
              'conversation',
              'Allow for this conversation',
              `Runs ${request.tool.name} in this conversation without asking again, as it is defined now. Other waiting calls it covers run too.`,
            )
          : null}
        <button
          type="button"
          className="danger"
          disabled={!canAnswer}
          title="The call does not run; the model is told you declined (Alt+N)."
          aria-keyshortcuts="Alt+N"
          onClick={() => void decision.answer('deny')}
        >
          Deny
        </button>
        {reason ? <span className="consent-footer-reason">{reason}</span> : null}
      </div>
      {held ? null : (
        <div className="decision-answers-row decision-answers-more">
          {inConversation
            ? allow(
                'server-conversation',
                `Allow ${request.server}’s tools for this conversation`,
                `Runs every tool ${request.server} has now, in this conversation, without asking again. Tools it adds or changes later ask first.`,
              )
            : null}
          {request.viaView
            ? allow(
                'view',
                `Allow this view’s calls to ${request.tool.name}`,
                `Runs the calls this view of ${request.viaView} makes to ${request.tool.name}, as it is defined now, without asking, until the view closes. The model’s calls still ask.`,
              )
            : null}
          {allow(
            'always',
            'Always allow',
            `Runs ${request.tool.name} on ${request.server} without asking, in every conversation, until its definition changes or you revoke it in Settings → Permissions.`,
          )}
        </div>
      )}
    </div>
  );
}

/** The body of a decision: description, hints, what changed, the file it writes and the arguments. */
function DecisionBody({ request, decision }: { request: ConsentRequest; decision: Decision }): ReactNode {
  const { tool } = request;
  return (
    <>
      {request.hold ? <HoldWarning hold={request.hold} /> : null}
      {request.ofView ? (
        <p className="consent-description" role="note">
          A tool the open view of <strong>{request.ofView}</strong> offers, not one of {request.server}’s own
          tools: its name and description are the view’s word. Each call asks; it is gone when the view
          closes.
        </p>
      ) : null}
      <DescriptionFlags flags={requestFlags(request)} />
      {tool.description ? (
        <section className="consent-section" aria-label="Tool description from the server">
          <p className="consent-description">{tool.description}</p>
        </section>
      ) : (
        <p className="muted">The server gives no description of this tool.</p>
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
  const decision = useDecision(request);
  const onKeyDown = useShortcuts(decision);
  const shownName = toolDisplayName(request.tool);
  return (
    <section
      className="decision decision-card"
      aria-label={`Decision on ${request.tool.name}`}
      data-consent-id={request.id}
      tabIndex={-1}
      onKeyDownCapture={onKeyDown}
    >
      <p className="decision-question">
        {asker(request)} wants to run <strong>{shownName}</strong>
        {shownName !== request.tool.name ? (
          <>
            {' '}
            (<code>{request.tool.name}</code>)
          </>
        ) : null}{' '}
        on <strong>{request.server}</strong>. Allow it?
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
              <p className="muted consent-self-title">calls itself “{selfTitle}”</p>
            ) : null}
          </div>
        </div>
        <p id={summaryId} className="consent-summary">
          {request.viaView ? (
            <>
              The view of <strong>{request.viaView}</strong>, shown by the server{' '}
              <strong>{request.server}</strong>, wants to run the tool <strong>{shownName}</strong>
            </>
          ) : (
            <>
              The server <strong>{request.server}</strong> wants to run the tool <strong>{shownName}</strong>
            </>
          )}
          {shownName !== request.tool.name ? (
            <>
              {' '}
              (<code>{request.tool.name}</code>)
            </>
          ) : null}
          .
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
