// Permissions and the audit log for the permissions view: fetched on open and reconnect, kept fresh by `permissions.changed`.
import { useCallback, useEffect, useState } from 'react';
import type { AuditEntry, Grant } from '../../../../../shared/consent';
import { useHost } from '../../../api';
import { describeError } from '../../../components/format';
import { useEpoch } from '../../../store';
import { newestFirst, sortGrants } from './permissionsText';

/** How many audit entries the view asks for. */
export const AUDIT_LIMIT = 500;

type Loaded<T> = { value: T | null; error: string | null; pending: boolean };

/** The grants and audit entries, with `refreshAudit`, `revoke`, `trustReadOnly` and `trustViewTools`. */
export function usePermissions() {
  const host = useHost();
  const epoch = useEpoch();
  const [grants, setGrants] = useState<Loaded<Grant[]>>({ value: null, error: null, pending: true });
  const [audit, setAudit] = useState<Loaded<AuditEntry[]>>({ value: null, error: null, pending: true });
  /** What could not be revoked (`phrase`, see `grantPhrase`) and why; the view words it. */
  const [revokeError, setRevokeError] = useState<{ phrase: string; error: string } | null>(null);

  const refreshAudit = useCallback(async (): Promise<void> => {
    setAudit((current) => ({ ...current, pending: true }));
    try {
      const entries = await host.invoke('audit.list', { limit: AUDIT_LIMIT });
      setAudit({ value: newestFirst(entries), error: null, pending: false });
    } catch (error) {
      setAudit((current) => ({ ...current, error: describeError(error), pending: false }));
    }
  }, [host]);

  const refreshGrants = useCallback(async (): Promise<void> => {
    try {
      const list = await host.invoke('permissions.list', {});
      setGrants({ value: sortGrants(list), error: null, pending: false });
    } catch (error) {
      setGrants((current) => ({ ...current, error: describeError(error), pending: false }));
    }
  }, [host]);

  useEffect(() => {
    return host.on('permissions.changed', (list) => {
      setGrants({ value: sortGrants(list), error: null, pending: false });
      void refreshAudit();
    });
  }, [host, refreshAudit]);

  useEffect(() => {
    if (epoch === 0) return;
    void refreshGrants();
    void refreshAudit();
  }, [epoch, refreshGrants, refreshAudit]);

  const revoke = useCallback(
    async (grant: Grant, phrase: string): Promise<void> => {
      setRevokeError(null);
      try {
        const list = await host.invoke('permissions.revoke', { id: grant.id });
        setGrants({ value: sortGrants(list), error: null, pending: false });
      } catch (error) {
        setRevokeError({ phrase, error: describeError(error) });
      }
    },
    [host],
  );

  const trust = useCallback(
    async (
      command: 'permissions.trustReadOnly' | 'permissions.trustViewTools',
      server: string,
      enabled: boolean,
    ): Promise<string | null> => {
      try {
        const list = await host.invoke(command, { server, enabled });
        setGrants({ value: sortGrants(list), error: null, pending: false });
        return null;
      } catch (error) {
        return describeError(error);
      }
    },
    [host],
  );
  const trustReadOnly = useCallback(
    (server: string, enabled: boolean) => trust('permissions.trustReadOnly', server, enabled),
    [trust],
  );
  const trustViewTools = useCallback(
    (server: string, enabled: boolean) => trust('permissions.trustViewTools', server, enabled),
    [trust],
  );

  return { grants, audit, refreshAudit, revoke, revokeError, trustReadOnly, trustViewTools };
}
