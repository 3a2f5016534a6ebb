// One entry of the audit log: when, who, what, how it was decided and ended, its arguments and edits, and its conversation.
import type { ReactNode } from 'react';
import type {
  AuditEntry,
  ElicitationAuditEntry,
  SamplingAuditEntry,
  ToolAuditEntry,
} from '../../../../../shared/consent';
import { Message, useT } from '../../../i18n';
import { actions } from '../../../store';
import { ArgsEditTrace } from '../../consent/ArgsEditTrace';
import { ArgumentsView } from '../../consent/ArgumentsView';
import {
  auditSubject,
  decisionClass,
  decisionLabel,
  holdText,
  joinNames,
  localTime,
  outcomeLabel,
} from './permissionsText';

function ToolDetails({ entry, title }: { entry: ToolAuditEntry; title: string | undefined }): ReactNode {
  const t = useT();
  return (
    <>
      {entry.viaView ? (
        <p className="muted hint">{t('permissions.audit.viaView', { view: entry.viaView })}</p>
      ) : null}
      {entry.hold ? (
        <p className="hint">{t('permissions.audit.held', { why: holdText(entry.hold) })}</p>
      ) : null}
      {entry.review ? (
        <p className="muted hint">
          {entry.review === 'given'
            ? t('permissions.audit.reviewGiven')
            : t('permissions.audit.reviewWithheld')}
        </p>
      ) : null}
      <ConversationLink id={entry.conversationId} title={title} />
      <details className="audit-args" open={entry.modelArgs !== undefined}>
        <summary>
          {entry.modelArgs !== undefined
            ? t('permissions.audit.argumentsChanged')
            : t('permissions.audit.arguments')}
        </summary>
        <ArgumentsView args={entry.args} label={t('permissions.audit.argumentsOf', { tool: entry.tool })} />
        {entry.modelArgs !== undefined ? <ArgsEditTrace before={entry.modelArgs} after={entry.args} /> : null}
      </details>
    </>
  );
}

function SamplingDetails({ entry }: { entry: SamplingAuditEntry }): ReactNode {
  const t = useT();
  return (
    <details className="audit-args">
      <summary>
        {entry.requestEdited || entry.responseEdited
          ? t('permissions.audit.exchangeChanged')
          : t('permissions.audit.exchange')}
      </summary>
      <dl className="audit-facts">
        {entry.model ? (
          <>
            <dt>{t('permissions.audit.model')}</dt>
            <dd>{entry.model}</dd>
          </>
        ) : null}
        <dt>{entry.requestEdited ? t('permissions.audit.askedChanged') : t('permissions.audit.asked')}</dt>
        <dd className="audit-text">{entry.request || t('permissions.audit.noText')}</dd>
        {entry.response !== undefined ? (
          <>
            <dt>
              {entry.responseEdited
                ? t('permissions.audit.sentBackChanged')
                : t('permissions.audit.sentBack')}
            </dt>
            <dd className="audit-text">{entry.response}</dd>
          </>
        ) : null}
      </dl>
    </details>
  );
}

function ElicitationDetails({ entry }: { entry: ElicitationAuditEntry }): ReactNode {
  const t = useT();
  return (
    <details className="audit-args">
      <summary>{t('permissions.audit.whatItAsked')}</summary>
      <dl className="audit-facts">
        <dt>{t('permissions.audit.message')}</dt>
        <dd className="audit-text">{entry.message}</dd>
        {entry.url ? (
          <>
            <dt>{t('permissions.audit.page')}</dt>
            <dd className="audit-text">{entry.url}</dd>
          </>
        ) : null}
        {entry.fields ? (
          <>
            <dt>{t('permissions.audit.fields')}</dt>
            <dd>{joinNames(entry.fields) || t('permissions.audit.noFields')}</dd>
          </>
        ) : null}
      </dl>
    </details>
  );
}

/** `audit-outcome audit-done`: a part's class and its state's. */
function classes(part: string, state: string): string {
  return `${part} audit-${state}`;
}

function ConversationLink({ id, title }: { id: string; title: string | undefined }): ReactNode {
  const t = useT();
  if (!id) return <p className="muted hint">{t('permissions.audit.noConversation')}</p>;
  if (title === undefined) return <p className="muted hint">{t('permissions.audit.deletedConversation')}</p>;
  return (
    <p className="hint">
      <Message
        id="permissions.audit.inConversation"
        values={{
          title,
          button: (chunks: ReactNode[]) => (
            <button type="button" className="small" onClick={() => actions.chatOpened(id)}>
              {chunks}
            </button>
          ),
        }}
      />
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
  const t = useT();
  const subject = auditSubject(entry);
  return (
    <li
      className="audit-entry"
      aria-label={t('permissions.audit.entry', {
        subject,
        server: entry.server,
        time: localTime(entry.time),
      })}
    >
      <div className="audit-line">
        <time dateTime={new Date(entry.time).toISOString()}>{localTime(entry.time)}</time>
        <span>{entry.server}</span>
        {entry.kind === undefined || entry.kind === 'tool' ? <code>{subject}</code> : <span>{subject}</span>}
        <span className={classes('audit-decision', decisionClass(entry))}>{decisionLabel(entry)}</span>
        <span className={classes('audit-outcome', entry.outcome)}>{outcomeLabel(entry)}</span>
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
