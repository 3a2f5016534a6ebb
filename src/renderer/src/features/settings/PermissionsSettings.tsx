// Settings → Permissions: every "Always allow" grant with Revoke, and the audit log of tool calls, newest first.
import { type ReactNode, useId } from 'react';
import type { AuditEntry, Grant } from '../../../../shared/chat';
import { decisionLabel, localTime, outcomeLabel, shortHash } from './permissions/permissionsText';
import { AUDIT_LIMIT, usePermissions } from './permissions/usePermissions';
import './settings-models.css';

function GrantsTable({ grants, onRevoke }: { grants: Grant[]; onRevoke: (grant: Grant) => void }): ReactNode {
  return (
    <div className="settings-table-wrap">
      <table className="settings-table">
        <caption className="visually-hidden">Tools that are always allowed</caption>
        <thead>
          <tr>
            <th scope="col">Server</th>
            <th scope="col">Tool</th>
            <th scope="col">Granted</th>
            <th scope="col">Definition</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {grants.map((grant) => (
            <tr key={`${grant.server}\u0000${grant.tool}`}>
              <td title={grant.serverIdentity}>{grant.server}</td>
              <th scope="row">
                <code>{grant.tool}</code>
              </th>
              <td>
                <time dateTime={new Date(grant.grantedAt).toISOString()}>{localTime(grant.grantedAt)}</time>
              </td>
              <td>
                <code title={grant.definitionHash}>{shortHash(grant.definitionHash)}</code>
              </td>
              <td className="settings-actions">
                <button
                  type="button"
                  className="small"
                  aria-label={`Revoke ${grant.tool} on ${grant.server}`}
                  onClick={() => onRevoke(grant)}
                >
                  Revoke
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AuditTable({ entries }: { entries: AuditEntry[] }): ReactNode {
  return (
    <div className="settings-table-wrap settings-audit">
      <table className="settings-table">
        <caption className="visually-hidden">Tool calls, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Server</th>
            <th scope="col">Tool</th>
            <th scope="col">Decision</th>
            <th scope="col">Outcome</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id and the list is replaced whole
            <tr key={index}>
              <td>
                <time dateTime={new Date(entry.time).toISOString()}>{localTime(entry.time)}</time>
              </td>
              <td>{entry.server}</td>
              <td>
                <code>{entry.tool}</code>
              </td>
              <td className={`audit-decision audit-${entry.decision}`}>{decisionLabel(entry.decision)}</td>
              <td className={`audit-outcome audit-${entry.outcome}`}>{outcomeLabel(entry.outcome)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Grants first (what may run without asking), then what did run. */
export function PermissionsSettings(): ReactNode {
  const grantsTitle = useId();
  const auditTitle = useId();
  const { grants, audit, refreshAudit, revoke, revokeError } = usePermissions();

  return (
    <div className="settings-stack">
      <section className="settings-panel" aria-labelledby={grantsTitle}>
        <header className="settings-panel-header">
          <h2 id={grantsTitle}>Always allowed tools</h2>
        </header>
        <p className="muted hint">
          These tools run without asking. A grant is suspended by itself when the server changes the tool’s
          definition or its command.
        </p>
        {grants.error ? (
          <p className="field-error" role="alert">
            The permissions could not be loaded: {grants.error}
          </p>
        ) : null}
        {revokeError ? (
          <p className="field-error" role="alert">
            {revokeError}
          </p>
        ) : null}
        {grants.value === null ? (
          grants.error ? null : (
            <p className="muted">Loading…</p>
          )
        ) : grants.value.length === 0 ? (
          <p className="settings-empty">
            No tool is always allowed. When you answer a tool call with “Always allow”, it is listed here.
          </p>
        ) : (
          <GrantsTable grants={grants.value} onRevoke={(grant) => void revoke(grant)} />
        )}
      </section>
      <section className="settings-panel" aria-labelledby={auditTitle}>
        <header className="settings-panel-header">
          <h2 id={auditTitle}>Audit log</h2>
          <button type="button" disabled={audit.pending} onClick={() => void refreshAudit()}>
            Refresh
          </button>
        </header>
        <p className="muted hint" role="status">
          {audit.pending
            ? 'Loading the audit log…'
            : audit.value && audit.value.length >= AUDIT_LIMIT
              ? `The latest ${AUDIT_LIMIT} tool calls, newest first.`
              : 'Every tool call a model asked for, newest first.'}
        </p>
        {audit.error ? (
          <p className="field-error" role="alert">
            The audit log could not be loaded: {audit.error}
          </p>
        ) : null}
        {audit.value === null ? null : audit.value.length === 0 ? (
          <p className="settings-empty">No tool calls yet.</p>
        ) : (
          <AuditTable entries={audit.value} />
        )}
      </section>
    </div>
  );
}
