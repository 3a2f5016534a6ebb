// Settings → Permissions: the permissions given (with Revoke), the read-only and view-only opt-ins per server, each tool's flow labels, and the audit log.
import { type ReactNode, useId } from 'react';
import { AuditLogView } from './permissions/AuditLogView';
import { FlowLabels } from './permissions/FlowLabels';
import { GrantsTable } from './permissions/GrantsTable';
import { ServerTrust } from './permissions/ServerTrust';
import { AUDIT_LIMIT, usePermissions } from './permissions/usePermissions';
import './settings-models.css';
import './permissions/permissions.css';

/** What may run without asking first, then what did run. */
export function PermissionsSettings(): ReactNode {
  const grantsTitle = useId();
  const trustTitle = useId();
  const viewsTitle = useId();
  const auditTitle = useId();
  const flowTitle = useId();
  const { grants, audit, refreshAudit, revoke, revokeError, trustReadOnly, trustViewTools } =
    usePermissions();

  return (
    <div className="settings-stack">
      <section className="settings-panel" aria-labelledby={grantsTitle}>
        <header className="settings-panel-header">
          <h2 id={grantsTitle}>Permissions you gave</h2>
        </header>
        <p className="muted hint">
          These let tools run without asking: always, or in one conversation. Each holds only for the server
          as it is launched and the tool exactly as it was defined when you gave it; a change suspends it and
          the call asks again, showing what changed.
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
            No permissions yet. When you allow a tool call for a conversation or always, it is listed here.
          </p>
        ) : (
          <GrantsTable grants={grants.value} onRevoke={(grant, phrase) => void revoke(grant, phrase)} />
        )}
      </section>
      <section className="settings-panel" aria-labelledby={trustTitle}>
        <header className="settings-panel-header">
          <h2 id={trustTitle}>Read-only tools</h2>
        </header>
        <p className="muted hint">
          A server may mark tools as read-only. Off by default: turn it on for a server you trust to tell the
          truth about its tools.
        </p>
        <ServerTrust kind="read-only" grants={grants.value ?? []} onChange={trustReadOnly} />
      </section>
      <section className="settings-panel" aria-labelledby={viewsTitle}>
        <header className="settings-panel-header">
          <h2 id={viewsTitle}>View-only tools</h2>
        </header>
        <p className="muted hint">
          An app view may call tools of its server that the model never sees, for example to refresh what it
          shows every few seconds. Each call asks first; a view’s dialog can allow its calls while it is open.
          Turn this on to let a server’s views call its view-only tools without asking.
        </p>
        <ServerTrust kind="app-only" grants={grants.value ?? []} onChange={trustViewTools} />
      </section>
      <section className="settings-panel" aria-labelledby={flowTitle}>
        <header className="settings-panel-header">
          <h2 id={flowTitle}>What each tool can do</h2>
        </header>
        <p className="muted hint">
          A conversation that read private data and took in outside content can be steered by what it took in.
          Then a call that can send data out always asks you first, whatever you allowed before. You can mark
          or unmark any label; a label you lower holds only for the server as it is launched now.
        </p>
        <FlowLabels />
      </section>
      <section className="settings-panel" aria-labelledby={auditTitle}>
        <header className="settings-panel-header">
          <h2 id={auditTitle}>Audit log</h2>
          <button type="button" disabled={audit.pending} onClick={() => void refreshAudit()}>
            Refresh
          </button>
        </header>
        <p className="muted hint">
          {audit.pending
            ? 'Loading the audit log…'
            : audit.value && audit.value.length >= AUDIT_LIMIT
              ? `The latest ${AUDIT_LIMIT} decisions, newest first.`
              : 'Every tool call, sampling request and request for information, newest first.'}
        </p>
        {audit.error ? (
          <p className="field-error" role="alert">
            The audit log could not be loaded: {audit.error}
          </p>
        ) : null}
        {audit.value === null ? null : audit.value.length === 0 ? (
          <p className="settings-empty">Nothing decided yet.</p>
        ) : (
          <AuditLogView entries={audit.value} />
        )}
      </section>
    </div>
  );
}
