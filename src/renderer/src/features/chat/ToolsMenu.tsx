// The Tools button of the composer (count of enabled tools) and its dialog of per-server and per-tool switches.
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { visibleToModel } from '../../../../shared/apps';
import type { ToolSelection } from '../../../../shared/chat';
import {
  countEnabledTools,
  enabledToolCount,
  isServerEnabled,
  isToolChecked,
  MANY_TOOLS,
  matchesTool,
  setServerEnabled,
  setToolEnabled,
} from '../../../../shared/toolSelection';
import type { ServerView, ToolView } from '../../../../shared/types';
import { Dialog } from '../../components/Dialog';
import { plural } from '../../components/format';
import { useCommand } from '../../components/useCommand';
import { VirtualList } from '../../components/VirtualList';
import { actions, NO_TOOLS_OFF, useChatTools, useRunningServers } from '../../store';
import { unavailableText } from '../servers/attention';
import { ToolIcon } from './icons';
import { UnavailableTools, useUnavailableServers } from './UnavailableTools';

const MANY_TEXT = 'Many tools may confuse the model';
/** Past this many tools a server's list keeps only the rows in view in the page. */
const VIRTUAL_FROM = 60;
const ROW_HEIGHT = 42;
const LIST_HEIGHT = 336;

function ToolSwitch({
  tool,
  checked,
  disabled,
  onChange,
}: {
  tool: ToolView;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}): ReactNode {
  return (
    <label className="tools-tool" title={tool.description}>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="tools-tool-name">{tool.name}</span>
      {tool.description ? <span className="tools-tool-desc">{tool.description}</span> : null}
    </label>
  );
}

function ServerCheckbox({
  checked,
  mixed,
  label,
  onChange,
}: {
  checked: boolean;
  mixed: boolean;
  label: string;
  onChange: (checked: boolean) => void;
}): ReactNode {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <label className="tools-server-label">
      <input
        ref={ref}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}

function ServerTools({
  server,
  selection,
  query,
  onChange,
}: {
  server: ServerView;
  selection: ToolSelection;
  query: string;
  onChange: (next: ToolSelection) => void;
}): ReactNode {
  const on = isServerEnabled(selection, server.name);
  const enabled = enabledToolCount(selection, server);
  const tools = useMemo(() => server.tools.filter((tool) => matchesTool(tool, query)), [server.tools, query]);
  if (query && tools.length === 0) return null;
  const switchFor = (tool: ToolView) => (
    <ToolSwitch
      tool={tool}
      checked={on && isToolChecked(selection, server.name, tool.name)}
      disabled={!on}
      onChange={(checked) => onChange(setToolEnabled(selection, server.name, tool.name, checked))}
    />
  );
  return (
    <fieldset className="tools-server">
      <legend>
        <ServerCheckbox
          label={server.name}
          checked={on}
          mixed={on && enabled > 0 && enabled < server.tools.length}
          onChange={(checked) => onChange(setServerEnabled(selection, server.name, checked))}
        />
        <span className="tools-server-count">
          {enabled} of {server.tools.length}
        </span>
      </legend>
      {server.tools.length === 0 ? <p className="muted tools-none">This server offers no tools.</p> : null}
      {tools.length > VIRTUAL_FROM ? (
        <div
          className="tools-list-virtual"
          style={{ height: Math.min(tools.length * ROW_HEIGHT, LIST_HEIGHT) }}
        >
          <VirtualList
            count={tools.length}
            rowHeight={ROW_HEIGHT}
            ariaLabel={`Tools of ${server.name}`}
            rowKey={(index) => tools[index]?.name ?? index}
            renderRow={(index) => {
              const tool = tools[index];
              return tool ? switchFor(tool) : null;
            }}
          />
        </div>
      ) : (
        <ul className="tools-list">
          {tools.map((tool) => (
            <li key={tool.name}>{switchFor(tool)}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/** The running servers with only the tools the model may see (not those only their app views may call). */
function useModelServers(): ServerView[] {
  const running = useRunningServers();
  return useMemo(
    () => running.map((server) => ({ ...server, tools: server.tools.filter(visibleToModel) })),
    [running],
  );
}

function ToolsDialog({ id, onClose }: { id: string; onClose: () => void }): ReactNode {
  const servers = useModelServers();
  const selection = useChatTools(id) ?? NO_TOOLS_OFF;
  const [query, setQuery] = useState('');
  const { run, error } = useCommand();
  const latest = useRef(0);
  const count = countEnabledTools(selection, servers);
  const total = useMemo(() => servers.reduce((sum, server) => sum + server.tools.length, 0), [servers]);
  const unavailable = useUnavailableServers(selection);

  const change = async (next: ToolSelection) => {
    const before = selection;
    const request = ++latest.current;
    actions.chatToolsChanged(id, next);
    const outcome = await run((host) => host.invoke('chat.setTools', { id, tools: next }));
    if (request !== latest.current) return;
    actions.chatToolsChanged(id, outcome.ok ? outcome.value.tools : before);
  };

  return (
    <Dialog
      title="Tools for this conversation"
      onClose={onClose}
      footer={
        <>
          <span className={count > MANY_TOOLS ? 'tools-footer-count many' : 'tools-footer-count'}>
            {plural(count, 'tool')} on{count > MANY_TOOLS ? ` · ${MANY_TEXT}` : ''}
          </span>
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
              <ServerTools
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

/** "Tools 13": opens the dialog; warns next to it above 100 enabled tools. */
export function ToolsButton({ id }: { id: string }): ReactNode {
  const servers = useModelServers();
  const selection = useChatTools(id) ?? NO_TOOLS_OFF;
  const [open, setOpen] = useState(false);
  const warningId = useId();
  const unavailableId = useId();
  const count = countEnabledTools(selection, servers);
  const many = count > MANY_TOOLS;
  const unavailable = useUnavailableServers(selection);
  const describedBy = [many ? warningId : '', unavailable.length > 0 ? unavailableId : ''].join(' ').trim();
  return (
    <>
      <button
        type="button"
        className={many ? 'tools-button many' : 'tools-button'}
        aria-haspopup="dialog"
        aria-describedby={describedBy || undefined}
        onClick={() => setOpen(true)}
      >
        <ToolIcon />
        {'Tools '}
        <span className="tools-count">{count}</span>
        {unavailable.length > 0 ? (
          <span className="tools-trouble" aria-hidden="true">
            !
          </span>
        ) : null}
      </button>
      {unavailable.length > 0 ? (
        <span id={unavailableId} className="visually-hidden">
          {unavailableText(unavailable)}
        </span>
      ) : null}
      {many ? (
        <span id={warningId} className="tools-warning">
          {MANY_TEXT}
        </span>
      ) : null}
      {open ? <ToolsDialog id={id} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
