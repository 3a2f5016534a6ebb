// The conversation's header line of the servers whose tools it uses, each removable, with its tool set's name.
import { type ReactNode, useMemo, useState } from 'react';
import { serversInUse, setServerEnabled } from '../../../../shared/toolSelection';
import { useT } from '../../i18n';
import { NO_TOOLS_OFF, useChatTools } from '../../store';
import { useToolChoice } from './ToolsDialog';
import { useModelServers } from './useToolMode';
import './conversationServers.css';

/** Past this many servers the line shows the first ones and a button for the rest. */
const SHOWN = 6;

export function ConversationServers({ id }: { id: string }): ReactNode {
  const t = useT();
  const servers = useModelServers();
  const selection = useChatTools(id) ?? NO_TOOLS_OFF;
  const { change, error } = useToolChoice(id);
  const [all, setAll] = useState(false);
  const used = useMemo(
    () =>
      serversInUse(
        selection,
        servers.filter((server) => server.tools.length > 0),
      ),
    [selection, servers],
  );
  if (used.length === 0 && !selection.set) return null;
  const shown = all || used.length <= SHOWN ? used : used.slice(0, SHOWN - 1);
  return (
    <div className="conversation-servers">
      {selection.set ? (
        <span className="conversation-set">{t('chat.servers.set', { set: selection.set })}</span>
      ) : null}
      <ul aria-label={t('chat.servers.label')}>
        {shown.map((server) => (
          <li key={server.name} className="server-chip">
            <span>{server.name}</span>
            <button
              type="button"
              className="icon-button"
              aria-label={t('chat.servers.remove', { server: server.name })}
              title={t('chat.servers.removeTitle', { server: server.name })}
              onClick={() => void change(setServerEnabled(selection, server.name, false))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      {shown.length < used.length ? (
        <button type="button" className="link-button small" onClick={() => setAll(true)}>
          {t('chat.servers.more', { count: used.length - shown.length })}
        </button>
      ) : null}
      {used.length === 0 ? <span className="muted">{t('chat.servers.none')}</span> : null}
      {error ? (
        <span className="inline-error" role="alert">
          {t('chat.servers.changeFailed', { error })}
        </span>
      ) : null}
    </div>
  );
}
