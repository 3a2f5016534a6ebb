// Sidebar: every configured server with its state and counts; selecting one opens it.
import { useHost } from '../../api/HostContext';
import { McpIcon } from '../../components/McpIcon';
import { StateBadge } from '../../components/StateBadge';
import { useT } from '../../i18n';
import { useActions, useSelectedName, useServer, useServerNames } from '../../store';
import { problemReason } from '../settings/schemaProblems';
import { CatalogueTags } from './CatalogueTags';
import './servers.css';

function ServerListItem({ name, selected }: { name: string; selected: boolean }) {
  const t = useT();
  const view = useServer(name);
  const { serverSelected } = useActions();
  const host = useHost();
  if (!view) return null;
  const detailsId = `server-item-${encodeURIComponent(name)}`;
  const counts = t('servers.list.counts', {
    tools: view.tools.length,
    prompts: view.prompts.length,
    resources: view.resources.length,
  });
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
              {t('servers.list.configError', { reason: problemReason(view.configProblem) })}
            </span>
          ) : null}
          {view.entry.disabled ? <span className="tag">{t('servers.disabledTag')}</span> : null}
          {view.approval ? (
            <span className="tag">
              {view.approval === 'blocked'
                ? t('servers.list.blocked')
                : view.approval === 'denied'
                  ? t('servers.list.notApproved')
                  : t('servers.list.awaitingApproval')}
            </span>
          ) : null}
          {view.transport !== 'stdio' ? (
            <span className="tag">
              {view.connectedVia ?? (view.transport === 'auto' ? t('servers.list.remote') : view.transport)}
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
  const t = useT();
  const { dialogOpened } = useActions();
  return (
    <div className="sidebar-bring-in">
      <button type="button" className="small" onClick={() => dialogOpened({ kind: 'import' })}>
        {t('servers.list.import')}
      </button>
      <button type="button" className="small" onClick={() => dialogOpened({ kind: 'browse' })}>
        {t('servers.list.browse')}
      </button>
      <button type="button" className="small" onClick={() => dialogOpened({ kind: 'bundle' })}>
        {t('servers.list.openBundle')}
      </button>
      <button type="button" className="small" onClick={() => dialogOpened({ kind: 'link' })}>
        {t('servers.list.installLink')}
      </button>
    </div>
  );
}

/** The "Servers" navigation with an Add server button. */
export function ServerList() {
  const t = useT();
  const names = useServerNames();
  const selected = useSelectedName();
  const { dialogOpened } = useActions();
  return (
    <nav className="sidebar" aria-label={t('servers.list.title')}>
      <div className="sidebar-header servers-sidebar-header">
        <span className="sidebar-title">{t('servers.list.title')}</span>
        <button type="button" className="small" onClick={() => dialogOpened({ kind: 'add' })}>
          {t('servers.addServer')}
        </button>
      </div>
      <BringInMenu />
      {names.length === 0 ? <p className="muted sidebar-empty">{t('servers.list.empty')}</p> : null}
      <ul className="server-list">
        {names.map((name) => (
          <ServerListItem key={name} name={name} selected={name === selected} />
        ))}
      </ul>
    </nav>
  );
}
