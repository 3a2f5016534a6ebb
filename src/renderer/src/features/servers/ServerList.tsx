// Sidebar: every configured server with its state and counts; selecting one opens it.
import { useHost } from '../../api/HostContext';
import { plural } from '../../components/format';
import { McpIcon } from '../../components/McpIcon';
import { StateBadge } from '../../components/StateBadge';
import { useActions, useSelectedName, useServer, useServerNames } from '../../store';
import { problemReason } from '../settings/ConfigProblem';
import { CatalogueTags } from './CatalogueTags';
import './servers.css';

function ServerListItem({ name, selected }: { name: string; selected: boolean }) {
  const view = useServer(name);
  const { serverSelected } = useActions();
  const host = useHost();
  if (!view) return null;
  const detailsId = `server-item-${encodeURIComponent(name)}`;
  const counts = [
    plural(view.tools.length, 'tool'),
    plural(view.prompts.length, 'prompt'),
    plural(view.resources.length, 'resource'),
  ].join(' · ');
  return (
    <li>
      <button
        type="button"
        className="server-item"
        aria-label={name}
        aria-describedby={detailsId}
        aria-current={selected ? 'true' : undefined}
        onClick={() => {
          serverSelected(name);
          // Opening a lazy server's page is a use: it starts.
          if (view.entry.autoStart === false && view.state.kind === 'stopped' && !view.entry.disabled) {
            void host.invoke('servers.start', { server: name }).catch(() => {});
          }
        }}
      >
        <span className="server-item-top">
          <span className="server-item-name" title={name}>
            <McpIcon server={name} icons={view.info?.icons} />
            <span className="server-item-label">{name}</span>
          </span>
          <StateBadge kind={view.state.kind} />
        </span>
        <span className="server-item-meta" id={detailsId}>
          {view.configProblem ? (
            <span className="server-item-problem" title={view.configProblem.message}>
              Error in config.json: {problemReason(view.configProblem)}
            </span>
          ) : null}
          {view.entry.disabled ? <span className="tag">disabled</span> : null}
          {view.approval ? (
            <span className="tag">
              {view.approval === 'blocked'
                ? 'Blocked by your organisation’s policy'
                : view.approval === 'denied'
                  ? 'Not approved'
                  : 'Waiting for approval'}
            </span>
          ) : null}
          {view.transport !== 'stdio' ? (
            <span className="tag">
              {view.connectedVia ?? (view.transport === 'auto' ? 'remote' : view.transport)}
            </span>
          ) : null}
          <CatalogueTags view={view} />
          {view.configProblem ? null : <span>{counts}</span>}
        </span>
      </button>
    </li>
  );
}

/** The other ways in: other apps' configs, the registry, a bundle file, an install link (a row of their own, so they fit). */
function BringInMenu() {
  const { dialogOpened } = useActions();
  return (
    <div className="sidebar-bring-in">
      <button type="button" className="small" onClick={() => dialogOpened({ kind: 'import' })}>
        Import servers…
      </button>
      <button type="button" className="small" onClick={() => dialogOpened({ kind: 'browse' })}>
        Browse servers
      </button>
      <button type="button" className="small" onClick={() => dialogOpened({ kind: 'bundle' })}>
        Open bundle…
      </button>
      <button type="button" className="small" onClick={() => dialogOpened({ kind: 'link' })}>
        Install link…
      </button>
    </div>
  );
}

/** The "Servers" navigation with an Add server button. */
export function ServerList() {
  const names = useServerNames();
  const selected = useSelectedName();
  const { dialogOpened } = useActions();
  return (
    <nav className="sidebar" aria-label="Servers">
      <div className="sidebar-header servers-sidebar-header">
        <span className="sidebar-title">Servers</span>
        <button type="button" className="small" onClick={() => dialogOpened({ kind: 'add' })}>
          Add server
        </button>
      </div>
      <BringInMenu />
      {names.length === 0 ? <p className="muted sidebar-empty">No servers configured.</p> : null}
      <ul className="server-list">
        {names.map((name) => (
          <ServerListItem key={name} name={name} selected={name === selected} />
        ))}
      </ul>
    </nav>
  );
}
