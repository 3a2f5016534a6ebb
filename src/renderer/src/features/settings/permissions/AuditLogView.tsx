// The audit log with filters by server, tool (or request) and decision.
import { type ReactNode, useMemo, useState } from 'react';
import type { AuditEntry } from '../../../../../shared/consent';
import { useT } from '../../../i18n';
import { useChats } from '../../../store';
import { AuditEntryView } from './AuditEntryView';
import {
  type AuditFilter,
  auditChoices,
  type DecisionClass,
  decisionClasses,
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
  const t = useT();
  return (
    <label className="audit-filter">
      <span>{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('permissions.filter.any')}</option>
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
  const t = useT();
  const [filter, setFilter] = useState<AuditFilter>(NO_FILTER);
  const chats = useChats();
  const choices = useMemo(() => auditChoices(entries), [entries]);
  const shown = useMemo(() => filterAudit(entries, filter), [entries, filter]);
  const titles = useMemo(() => new Map(chats.map((chat) => [chat.id, chat.title])), [chats]);
  const as = (values: string[]) => values.map((value) => ({ value, label: value }));
  return (
    <>
      <fieldset className="audit-filters">
        <legend className="visually-hidden">{t('permissions.filter.legend')}</legend>
        <Choice
          label={t('permissions.filter.server')}
          value={filter.server}
          options={as(choices.servers)}
          onChange={(server) => setFilter({ ...filter, server })}
        />
        <Choice
          label={t('permissions.filter.subject')}
          value={filter.subject}
          options={as(choices.subjects)}
          onChange={(subject) => setFilter({ ...filter, subject })}
        />
        <Choice
          label={t('permissions.filter.decision')}
          value={filter.decision}
          options={decisionClasses()}
          onChange={(decision) => setFilter({ ...filter, decision: decision as DecisionClass | '' })}
        />
        {filter !== NO_FILTER ? (
          <button type="button" className="small" onClick={() => setFilter(NO_FILTER)}>
            {t('permissions.filter.clear')}
          </button>
        ) : null}
      </fieldset>
      <p className="muted hint" role="status">
        {shown.length === entries.length
          ? t('permissions.audit.count', { count: entries.length })
          : t('permissions.audit.matching', { shown: shown.length, total: entries.length })}
      </p>
      {shown.length === 0 ? (
        <p className="settings-empty">{t('permissions.audit.noMatch')}</p>
      ) : (
        <ol className="audit-list" aria-label={t('permissions.audit.entries')}>
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
