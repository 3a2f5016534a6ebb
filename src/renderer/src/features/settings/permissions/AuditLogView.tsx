// The audit log with filters by server, tool (or request) and decision.
import { type ReactNode, useMemo, useState } from 'react';
import type { AuditEntry } from '../../../../../shared/consent';
import { useChats } from '../../../store';
import { AuditEntryView } from './AuditEntryView';
import {
  type AuditFilter,
  auditChoices,
  DECISION_CLASSES,
  type DecisionClass,
  filterAudit,
  NO_FILTER,
} from './permissionsText';

function Choice({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}): ReactNode {
  return (
    <label className="audit-filter">
      <span>{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Any</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Filters and the entries they let through, newest first. */
export function AuditLogView({ entries }: { entries: AuditEntry[] }): ReactNode {
  const [filter, setFilter] = useState<AuditFilter>(NO_FILTER);
  const chats = useChats();
  const choices = useMemo(() => auditChoices(entries), [entries]);
  const shown = useMemo(() => filterAudit(entries, filter), [entries, filter]);
  const titles = useMemo(() => new Map(chats.map((chat) => [chat.id, chat.title])), [chats]);
  const as = (values: string[]) => values.map((value) => ({ value, label: value }));
  return (
    <>
      <fieldset className="audit-filters">
        <legend className="visually-hidden">Filter the audit log</legend>
        <Choice
          label="Server"
          value={filter.server}
          options={as(choices.servers)}
          onChange={(server) => setFilter({ ...filter, server })}
        />
        <Choice
          label="Tool or request"
          value={filter.subject}
          options={as(choices.subjects)}
          onChange={(subject) => setFilter({ ...filter, subject })}
        />
        <Choice
          label="Decision"
          value={filter.decision}
          options={DECISION_CLASSES}
          onChange={(decision) => setFilter({ ...filter, decision: decision as DecisionClass | '' })}
        />
        {filter !== NO_FILTER ? (
          <button type="button" className="small" onClick={() => setFilter(NO_FILTER)}>
            Clear filters
          </button>
        ) : null}
      </fieldset>
      <p className="muted hint" role="status">
        {shown.length === entries.length
          ? `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}.`
          : `${shown.length} of ${entries.length} entries match.`}
      </p>
      {shown.length === 0 ? (
        <p className="settings-empty">No entry matches these filters.</p>
      ) : (
        <ol className="audit-list" aria-label="Audit entries">
          {shown.map((entry, index) => (
            <AuditEntryView
              // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id and the list is replaced whole
              key={index}
              entry={entry}
              title={
                'conversationId' in entry && entry.conversationId
                  ? titles.get(entry.conversationId)
                  : undefined
              }
            />
          ))}
        </ol>
      )}
    </>
  );
}
