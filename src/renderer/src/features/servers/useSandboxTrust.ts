// The permission to run a server's tools without asking while it is sandboxed with no network: read, kept fresh, set.
import { useCallback, useEffect, useState } from 'react';
import type { Grant } from '../../../../shared/consent';
import { useHost } from '../../api';
import { describeError } from '../../components/format';

/** `server`'s sandbox permission (undefined while unknown), and `set` to give or take it back (answers a problem). */
export function useSandboxTrust(server: string) {
  const host = useHost();
  const [grant, setGrant] = useState<Grant | null | undefined>(undefined);
  const pick = useCallback(
    (grants: readonly Grant[]) =>
      setGrant(grants.find((item) => item.scope === 'sandboxed' && item.server === server) ?? null),
    [server],
  );
  useEffect(() => {
    let current = true;
    host.invoke('permissions.list', {}).then(
      (grants) => current && pick(grants),
      () => current && setGrant(null),
    );
    const off = host.on('permissions.changed', pick);
    return () => {
      current = false;
      off();
    };
  }, [host, pick]);
  const set = useCallback(
    async (enabled: boolean): Promise<string | null> => {
      try {
        pick(await host.invoke('permissions.trustSandboxed', { server, enabled }));
        return null;
      } catch (error) {
        return describeError(error);
      }
    },
    [host, pick, server],
  );
  return { grant, set };
}
