// Settings → Permissions: the permissions given (with Revoke), the read-only and view-only opt-ins per server, each tool's flow labels, and the audit log.
import { type ReactNode, useId } from 'react';
import { useT } from '../../i18n';
import { AuditLogView } from './permissions/AuditLogView';
import { FlowLabels } from './permissions/FlowLabels';
import { GrantsTable } from './permissions/GrantsTable';
import { ServerTrust } from './permissions/ServerTrust';
import { AUDIT_LIMIT, usePermissions } from './permissions/usePermissions';
import './settings-models.css';
import './permissions/permissions.css';

/** What may run without asking first, then what did run. */
export function PermissionsSettings(): ReactNode {
  const t = useT();
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
          <h2 id={grantsTitle}>{t('settings.permissions.grants.title')}</h2>
        </header>
        <p className="muted hint">{t('settings.permissions.grants.hint')}</p>
        {grants.error ? (
          <p className="field-error" role="alert">
            {t('settings.permissions.grants.loadError', { error: grants.error })}
          </p>
        ) : null}
        {revokeError ? (
          <p className="field-error" role="alert">
            {t('settings.permissions.grants.revokeError', revokeError)}
          </p>
        ) : null}
        {grants.value === null ? (
          grants.error ? null : (
            <p className="muted">{t('settings.permissions.loading')}</p>
          )
        ) : grants.value.length === 0 ? (
          <p className="settings-empty">{t('settings.permissions.grants.empty')}</p>
        ) : (
          <GrantsTable grants={grants.value} onRevoke={(grant, phrase) => void revoke(grant, phrase)} />
        )}
      </section>
      <section className="settings-panel" aria-labelledby={trustTitle}>
        <header className="settings-panel-header">
          <h2 id={trustTitle}>{t('settings.permissions.readOnly.title')}</h2>
        </header>
        <p className="muted hint">{t('settings.permissions.readOnly.hint')}</p>
        <ServerTrust kind="read-only" grants={grants.value ?? []} onChange={trustReadOnly} />
      </section>
      <section className="settings-panel" aria-labelledby={viewsTitle}>
        <header className="settings-panel-header">
          <h2 id={viewsTitle}>{t('settings.permissions.viewOnly.title')}</h2>
        </header>
        <p className="muted hint">{t('settings.permissions.viewOnly.hint')}</p>
        <ServerTrust kind="app-only" grants={grants.value ?? []} onChange={trustViewTools} />
      </section>
      <section className="settings-panel" aria-labelledby={flowTitle}>
        <header className="settings-panel-header">
          <h2 id={flowTitle}>{t('settings.permissions.flow.title')}</h2>
        </header>
        <p className="muted hint">{t('settings.permissions.flow.hint')}</p>
        <FlowLabels />
      </section>
      <section className="settings-panel" aria-labelledby={auditTitle}>
        <header className="settings-panel-header">
          <h2 id={auditTitle}>{t('settings.permissions.audit.title')}</h2>
          <button type="button" disabled={audit.pending} onClick={() => void refreshAudit()}>
            {t('settings.permissions.audit.refresh')}
          </button>
        </header>
        <p className="muted hint">
          {audit.pending
            ? t('settings.permissions.audit.loading')
            : audit.value && audit.value.length >= AUDIT_LIMIT
              ? t('settings.permissions.audit.latest', { count: AUDIT_LIMIT })
              : t('settings.permissions.audit.hint')}
        </p>
        {audit.error ? (
          <p className="field-error" role="alert">
            {t('settings.permissions.audit.loadError', { error: audit.error })}
          </p>
        ) : null}
        {audit.value === null ? null : audit.value.length === 0 ? (
          <p className="settings-empty">{t('settings.permissions.audit.empty')}</p>
        ) : (
          <AuditLogView entries={audit.value} />
        )}
      </section>
    </div>
  );
}
