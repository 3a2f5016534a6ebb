// What a server would run, as the approval and import dialogs show it: the exact argv, never a shell line; references in words, secrets hidden.
import type { ReactNode } from 'react';
import type { LaunchView, NamedValue } from '../../../../shared/serverApprovals';
import './approvals.css';

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
        <dd>{launch.headers.length === 0 ? 'none' : <Values values={launch.headers} label="Headers" />}</dd>
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
      <dd>
        {launch.env.length === 0 ? 'none' : <Values values={launch.env} label="Environment variables" />}
      </dd>
    </dl>
  );
}

/** Each name with its value in words, as the host put them: a reference says what it stands for, a secret is hidden. */
function Values({ values, label }: { values: readonly NamedValue[]; label: string }): ReactNode {
  return (
    <ul className="launch-names" aria-label={label}>
      {values.map(({ name, value }) => (
        <li key={name}>
          <code>{name}</code> = {value}
        </li>
      ))}
    </ul>
  );
}
