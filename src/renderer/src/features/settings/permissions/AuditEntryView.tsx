// One entry of the audit log: when, who, what, how it was decided and ended, its arguments and edits, and its conversation.
import type { ReactNode } from 'react';
import type {
  AuditEntry,
  ElicitationAuditEntry,
  SamplingAuditEntry,
  ToolAuditEntry,
} from '../../../../../shared/consent';
import { holdText } from '../../../../../shared/flow';
import { actions } from '../../../store';
import { ArgsEditTrace } from '../../consent/ArgsEditTrace';
import { ArgumentsView } from '../../consent/ArgumentsView';
import { auditSubject, decisionClass, decisionLabel, localTime, outcomeLabel } from './permissionsText';

function ToolDetails({ entry, title }: { entry: ToolAuditEntry; title: string | undefined }): ReactNode {
  return (
    <>
      {entry.viaView ? <p className="muted hint">Asked for by the view of {entry.viaView}.</p> : null}
      {entry.hold ? <p className="hint">Held: {holdText(entry.hold, localTime)}</p> : null}
      {entry.review ? (
        <p className="muted hint">
          {entry.review === 'given'
            ? 'You read the result first and gave it to the model.'
            : 'You withheld the result from the model.'}
        </p>
      ) : null}
      <ConversationLink id={entry.conversationId} title={title} />
      <details className="audit-args" open={entry.modelArgs !== undefined}>
        <summary>Arguments{entry.modelArgs !== undefined ? ' (changed by you)' : ''}</summary>
        <ArgumentsView args={entry.args} label={`Arguments of ${entry.tool}`} />
        {entry.modelArgs !== undefined ? <ArgsEditTrace before={entry.modelArgs} after={entry.args} /> : null}
      </details>
    </>
  );
}

function SamplingDetails({ entry }: { entry: SamplingAuditEntry }): ReactNode {
  return (
    <details className="audit-args">
      <summary>
        Request and response
        {entry.requestEdited || entry.responseEdited ? ' (changed by you)' : ''}
      </summary>
      <dl className="audit-facts">
        {entry.model ? (
          <>
            <dt>Model</dt>
            <dd>{entry.model}</dd>
          </>
        ) : null}
        <dt>{entry.requestEdited ? 'Asked (as you changed it)' : 'Asked'}</dt>
        <dd className="audit-text">{entry.request || '(no text)'}</dd>
        {entry.response !== undefined ? (
          <>
            <dt>{entry.responseEdited ? 'Sent back (as you changed it)' : 'Sent back'}</dt>
            <dd className="audit-text">{entry.response}</dd>
          </>
        ) : null}
      </dl>
    </details>
  );
}

function ElicitationDetails({ entry }: { entry: ElicitationAuditEntry }): ReactNode {
  return (
    <details className="audit-args">
      <summary>What it asked</summary>
      <dl className="audit-facts">
        <dt>Message</dt>
        <dd className="audit-text">{entry.message}</dd>
        {entry.url ? (
          <>
            <dt>Page</dt>
            <dd className="audit-text">{entry.url}</dd>
          </>
        ) : null}
        {entry.fields ? (
          <>
            <dt>Fields sent (values are not kept)</dt>
            <dd>{entry.fields.join(', ') || 'none'}</dd>
          </>
        ) : null}
      </dl>
    </details>
  );
}

function ConversationLink({ id, title }: { id: string; title: string | undefined }): ReactNode {
  if (!id) return <p className="muted hint">Not in a conversation (run from a server’s Tools tab).</p>;
  if (title === undefined) return <p className="muted hint">In a conversation that was deleted.</p>;
  return (
    <p className="hint">
      In{' '}
      <button type="button" className="small" onClick={() => actions.chatOpened(id)}>
        Open “{title}”
      </button>
    </p>
  );
}

/** The entry as a list item named by its time, server and subject; `title` is its conversation's, if it still exists. */
export function AuditEntryView({
  entry,
  title,
}: {
  entry: AuditEntry;
  title: string | undefined;
}): ReactNode {
  const subject = auditSubject(entry);
  return (
    <li className="audit-entry" aria-label={`${subject} on ${entry.server}, ${localTime(entry.time)}`}>
      <div className="audit-line">
        <time dateTime={new Date(entry.time).toISOString()}>{localTime(entry.time)}</time>
        <span>{entry.server}</span>
        {entry.kind === undefined || entry.kind === 'tool' ? <code>{subject}</code> : <span>{subject}</span>}
        <span className={`audit-decision audit-${decisionClass(entry)}`}>{decisionLabel(entry)}</span>
        <span className={`audit-outcome audit-${entry.outcome}`}>{outcomeLabel(entry)}</span>
      </div>
      {entry.kind === 'sampling' ? (
        <SamplingDetails entry={entry} />
      ) : entry.kind === 'elicitation' ? (
        <ElicitationDetails entry={entry} />
      ) : entry.kind === 'exposure' ? (
        <ConversationLink id={entry.conversationId} title={title} />
      ) : (
        <ToolDetails entry={entry} title={title} />
      )}
    </li>
  );
}
