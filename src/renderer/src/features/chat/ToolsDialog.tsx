// The Tools dialog of a conversation: how the tools reach the model, its tool set, and per-server and per-tool switches and pins.
import { type ReactNode, useMemo, useRef, useState } from 'react';
import type { ToolSelection } from '../../../../shared/chat';
import { countEnabledTools } from '../../../../shared/toolSelection';
import { Dialog } from '../../components/Dialog';
import { plural } from '../../components/format';
import { useCommand } from '../../components/useCommand';
import { actions, NO_TOOLS_OFF, useChatTools } from '../../store';
import { ServerToolList } from './ServerToolList';
import { ToolSetPicker } from './ToolSetPicker';
import { pinText } from './toolMode';
import { UnavailableTools, useUnavailableServers } from './UnavailableTools';
import { useModelServers, useToolMode } from './useToolMode';
import './toolsDialog.css';

/** Saves a conversation's tool choice, showing it at once and going back if the host refuses it. */
export function useToolChoice(id: string): {
  change: (next: ToolSelection) => Promise<void>;
  error: string | null;
} {
  const selection = useChatTools(id) ?? NO_TOOLS_OFF;
  const { run, error } = useCommand();
  const latest = useRef(0);
  const change = async (next: ToolSelection) => {
    const before = selection;
    const request = ++latest.current;
    actions.chatToolsChanged(id, next);
    const outcome = await run((host) => host.invoke('chat.setTools', { id, tools: next }));
    if (request !== latest.current) return;
    actions.chatToolsChanged(id, outcome.ok ? outcome.value.tools : before);
  };
  return { change, error };
}

export function ToolsDialog({ id, onClose }: { id: string; onClose: () => void }): ReactNode {
  const servers = useModelServers();
  const selection = useChatTools(id) ?? NO_TOOLS_OFF;
  const [query, setQuery] = useState('');
  const { change, error } = useToolChoice(id);
  const count = countEnabledTools(selection, servers);
  const mode = useToolMode(id);
  const pins = pinText(mode);
  const total = useMemo(() => servers.reduce((sum, server) => sum + server.tools.length, 0), [servers]);
  const unavailable = useUnavailableServers(selection);

  return (
    <Dialog
      title="Tools for this conversation"
      onClose={onClose}
      footer={
        <>
          <span className="tools-footer-count">{plural(count, 'tool')} on</span>
          <button type="button" className="primary" onClick={onClose}>
            Done
          </button>
        </>
      }
    >
      <div className="tools-dialog">
        <p className="muted">
          The model may ask to use the tools switched on here; you still allow each call. Only running servers
          are listed.
        </p>
        <p className="tools-mode" role="status">
          {mode.searches
            ? `${mode.count.toLocaleString('en')} tools: the model searches them. Each request carries the pinned tools, the tools used or found in this conversation, and a search tool.`
            : `${plural(mode.count, 'tool')}: the model gets them all with every request.`}
          {pins ? ` ${pins}` : ''}
        </p>
        <ToolSetPicker selection={selection} onChange={(next) => void change(next)} onLeave={onClose} />
        <UnavailableTools list={unavailable} onOpen={onClose} />
        {error ? (
          <p className="inline-error" role="alert">
            Could not save the tool choice: {error}
          </p>
        ) : null}
        {servers.length === 0 ? (
          <p className="tools-none">No server is running. Start one under Servers to give the model tools.</p>
        ) : (
          <>
            {total > 8 ? (
              <input
                type="search"
                aria-label="Filter tools"
                placeholder="Filter tools"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
            ) : null}
            {servers.map((server) => (
              <ServerToolList
                key={server.name}
                server={server}
                selection={selection}
                query={query}
                onChange={(next) => void change(next)}
              />
            ))}
          </>
        )}
      </div>
    </Dialog>
  );
}
