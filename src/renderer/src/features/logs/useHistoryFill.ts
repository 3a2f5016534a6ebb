// Fetches a server's log or wire history when a tab opens and again after every reconnect;
// the Protocol tab also asks for the server's live frames while it is open.
import { useEffect, useState } from 'react';
import { useHost } from '../../api';
import { describeError } from '../../components/format';
import { translate } from '../../i18n';
import { actions, useEpoch } from '../../store';

/** Fills the store from `servers.logs` / `servers.wire`; returns a plain-words error, if any. */
export function useHistoryFill(server: string, kind: 'logs' | 'wire'): string | null {
  const host = useHost();
  const epoch = useEpoch();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (epoch === 0) return;
    let current = true;
    // Asked first, so no frame falls between the history and the live events.
    if (kind === 'wire') host.invoke('servers.subscribeWire', { server }).catch(() => {});
    const fetch =
      kind === 'logs'
        ? host.invoke('servers.logs', { server }).then((history) => actions.logsFilled(server, history))
        : host.invoke('servers.wire', { server }).then((history) => actions.wireFilled(server, history));
    fetch.then(
      () => current && setError(null),
      (caught: unknown) =>
        current && setError(translate('logs.historyFailed', { error: describeError(caught) })),
    );
    return () => {
      current = false;
      if (kind === 'wire') host.invoke('servers.unsubscribeWire', { server }).catch(() => {});
    };
  }, [host, server, kind, epoch]);
  return error;
}
