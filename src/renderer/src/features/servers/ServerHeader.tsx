// The top of a server's page: name, state, how it runs, its actions and, in `error`, why.
import type { ServerView } from '../../../../shared/types';
import { shellWord } from '../../components/format';
import { McpIcon } from '../../components/McpIcon';
import { StateBadge } from '../../components/StateBadge';
import { useT } from '../../i18n';
import { ApprovalNotice } from '../approvals/ApprovalNotice';
import { CatalogueTags } from './CatalogueTags';
import { ErrorDetails, RestartDetails } from './ErrorDetails';
import { SandboxNotice } from './SandboxNotice';
import { ServerActions } from './ServerActions';
import { SignInPanel } from './SignInPanel';

const LIVE = new Set(['running', 'starting', 'restarting']);

function launchLine(view: ServerView): string {
  const entry = view.entry;
  if ('url' in entry) return `${view.connectedVia ?? entry.type ?? 'http'} ${entry.url}`;
  return [entry.command, ...(entry.args ?? [])].map(shellWord).join(' ');
}

/** Header of `ServerView`. */
export function ServerHeader({ view }: { view: ServerView }) {
  const t = useT();
  const state = view.state;
  return (
    <header className="server-header">
      <div className="server-title-row">
        <McpIcon server={view.name} icons={view.info?.icons} size={24} />
        <h1 className="server-title">{view.name}</h1>
        <StateBadge kind={state.kind} />
        {state.kind === 'restarting' ? (
          <span className="muted">{t('servers.header.attempt', { attempt: state.attempt })}</span>
        ) : null}
        {view.entry.disabled ? <span className="tag">{t('servers.disabledTag')}</span> : null}
        <CatalogueTags view={view} />
        {view.pid !== undefined && LIVE.has(state.kind) ? (
          <span className="muted">{t('servers.header.pid', { pid: String(view.pid) })}</span>
        ) : null}
      </div>
      <p className="launch-line" title={launchLine(view)}>
        <code>{launchLine(view)}</code>
      </p>
      {view.approval ? <ApprovalNotice name={view.name} approval={view.approval} /> : null}
      <SandboxNotice view={view} />
      <ServerActions view={view} />
      <SignInPanel view={view} />
      {state.kind === 'error' ? <ErrorDetails error={state.error} /> : null}
      {state.kind === 'restarting' && state.lastFailure ? (
        <RestartDetails attempt={state.attempt} lastFailure={state.lastFailure} />
      ) : null}
    </header>
  );
}
