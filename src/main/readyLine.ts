// The terminal's line once every server has started or failed: how many run, and which did not and why.
import type { ConfigProblem, ServerView } from '../shared/types';

/** "Switchboard is ready: 2 servers running; failed: broken; …" — it always starts `Switchboard is ready`. */
export function readyLine(servers: readonly ServerView[], problem?: ConfigProblem): string {
  if (problem) {
    const where = problem.line ? `line ${problem.line}, column ${problem.column}: ` : '';
    return `Switchboard is ready: config.json cannot be used (${where}${problem.message.replace(/\.$/, '')}), so no server was started. Fix the file (Edit config file in the app, or any editor) and it is read again.`;
  }
  if (servers.length === 0) return 'Switchboard is ready: no servers are configured.';
  const names = (pick: (view: ServerView) => boolean) => servers.filter(pick).map((view) => view.name);
  const running = names((view) => view.state.kind === 'running').length;
  const unusable = servers
    .filter((view) => view.configProblem)
    .map((view) => (view.configProblem?.line ? `${view.name} (line ${view.configProblem.line})` : view.name));
  const parts = [
    `${running} ${running === 1 ? 'server' : 'servers'} running`,
    listed(
      'failed',
      names(
        (view) => !view.configProblem && (view.state.kind === 'error' || view.state.kind === 'restarting'),
      ),
    ),
    listed('not started, their entry in config.json has an error', unusable),
    listed(
      'waiting for approval',
      names((view) => view.approval === 'waiting'),
    ),
    listed(
      'waiting for sign-in',
      names((view) => view.state.kind === 'sign-in-required'),
    ),
  ];
  return `Switchboard is ready: ${parts.filter(Boolean).join('; ')}.`;
}

function listed(label: string, names: readonly string[]): string {
  return names.length > 0 ? `${label}: ${names.join(', ')}` : '';
}
