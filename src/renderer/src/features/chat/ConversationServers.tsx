// The conversation's header line of the servers whose tools it uses, each removable, with its tool set's name.
import { type ReactNode, useMemo, useState } from 'react';
import { serversInUse, setServerEnabled } from '../../../../shared/toolSelection';
import { NO_TOOLS_OFF, useChatTools } from '../../store';
import { useToolChoice } from './ToolsDialog';
import { useModelServers } from './useToolMode';
import './conversationServers.css';

/** Past this many servers the line shows the first ones and a button for the rest. */
const SHOWN = 6;

export function ConversationServers({ id }: { id: string }): ReactNode {
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
      {selection.set ? <span className="conversation-set">{selection.set}:</span> : null}
      <ul aria-label="Servers in this conversation">
        {shown.map((server) => (
          <li key={server.name} className="server-chip">
            <span>{server.name}</span>
            <button
              type="button"
              className="icon-button"
              aria-label={`Remove ${server.name} from this conversation`}
              title={`Remove ${server.name}: the model no longer gets its tools here`}
              onClick={() => void change(setServerEnabled(selection, server.name, false))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      {shown.length < used.length ? (
        <button type="button" className="link-button small" onClick={() => setAll(true)}>
          {used.length - shown.length} more
        </button>
      ) : null}
      {used.length === 0 ? <span className="muted">No servers</span> : null}
      {error ? (
        <span className="inline-error" role="alert">
          Could not change the servers: {error}
        </span>
      ) : null}
    </div>
  );
}
