// What a server would run, as the approval and import dialogs show it: the exact argv, never a shell line; secrets masked.
import type { ReactNode } from 'react';
import type { LaunchView } from '../../../../shared/serverApprovals';
import './approvals.css';

const MASK = '••••••';

/** The argv as a JSON array, one element per line: exactly what the program receives, quotes and all. */
export function argvText(launch: Extract<LaunchView, { transport: 'stdio' }>): string {
  return JSON.stringify([launch.command, ...launch.args], null, 2);
}

/** The command line (or address), working directory and the names of environment variables or headers. */
export function LaunchDetails({ launch }: { launch: LaunchView }): ReactNode {
  if (launch.transport !== 'stdio') {
    return (
      <dl className="launch-details">
        <dt>Address</dt>
        <dd>
          <code>{launch.url}</code>{' '}
          <span className="muted">
            ({launch.transport === 'auto' ? 'HTTP, or SSE' : launch.transport.toUpperCase()})
          </span>
        </dd>
        <dt>Headers</dt>
        <dd>{launch.headerNames.length === 0 ? 'none' : <MaskedNames names={launch.headerNames} />}</dd>
      </dl>
    );
  }
  return (
    <dl className="launch-details">
      <dt>Command line (the program and each argument, exactly as given; no shell)</dt>
      <dd>
        <figure className="launch-figure" aria-label="Command line">
          <pre className="launch-argv">{argvText(launch)}</pre>
        </figure>
      </dd>
      <dt>Working directory</dt>
      <dd>{launch.cwd === undefined ? <span className="muted">not set</span> : <code>{launch.cwd}</code>}</dd>
      <dt>Environment variables</dt>
      <dd>{launch.envNames.length === 0 ? 'none' : <MaskedNames names={launch.envNames} />}</dd>
    </dl>
  );
}

function MaskedNames({ names }: { names: readonly string[] }): ReactNode {
  return (
    <ul className="launch-names">
      {names.map((name) => (
        <li key={name}>
          <code>{name}</code> = {MASK} <span className="muted">(hidden)</span>
        </li>
      ))}
    </ul>
  );
}
