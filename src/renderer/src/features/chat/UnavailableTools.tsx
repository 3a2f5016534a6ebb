// The tools menu's notice of servers whose tools the model cannot use now, each with a way to open it.
import { type ReactNode, useMemo } from 'react';
import type { ToolSelection } from '../../../../shared/chat';
import { useT } from '../../i18n';
import { actions, useAllServers, useLastToolCounts } from '../../store';
import { type UnavailableServer, unavailableServers, unavailableText } from '../servers/attention';

/** The failed or signed-out servers for a conversation's tool selection. */
export function useUnavailableServers(selection: ToolSelection): UnavailableServer[] {
  const servers = useAllServers();
  const counts = useLastToolCounts();
  return useMemo(() => unavailableServers(servers, counts, selection), [servers, counts, selection]);
}

/** Opens the server's page in the Servers section. */
function openServer(server: string): void {
  actions.sectionSelected('servers');
  actions.serverSelected(server);
  actions.tabSelected('overview');
}

/** "2 tools unavailable: github is not running — Open"; `onOpen` runs before the server's page opens. */
export function UnavailableTools({
  list,
  onOpen,
}: {
  list: UnavailableServer[];
  onOpen?: () => void;
}): ReactNode {
  const t = useT();
  if (list.length === 0) return null;
  return (
    <div className="tools-unavailable" role="note">
      <span>{unavailableText(list)}</span>
      {list.map((item) => (
        <button
          key={item.server}
          type="button"
          className="small"
          aria-label={t('chatTools.unavailable.open', { server: item.server })}
          onClick={() => {
            onOpen?.();
            openServer(item.server);
          }}
        >
          {list.length === 1
            ? t('chatTools.unavailable.openOne')
            : t('chatTools.unavailable.open', { server: item.server })}
        </button>
      ))}
    </div>
  );
}
