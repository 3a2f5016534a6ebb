// "Set server log level": asks the server to send log notifications from a level up (per request on 2026-07-28 servers).
import { LOG_LEVELS, type LogLevel, type ServerView } from '../../../../shared/types';
import { useCommand } from '../../components/useCommand';

function unavailableReason(view: ServerView): string | null {
  if (view.state.kind !== 'running') return 'The server is not running.';
  if (!view.capabilities || !('logging' in view.capabilities)) return 'This server does not offer logging.';
  return null;
}

function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

/** A select that invokes `servers.setLogLevel`; disabled with the reason when it cannot work. */
export function LogLevelControl({ view }: { view: ServerView }) {
  const { run, pending, error } = useCommand();
  const reason = unavailableReason(view);
  return (
    <span className="toolbar-group">
      <label>
        Set server log level{' '}
        <select
          value={view.logLevel ?? ''}
          disabled={reason !== null || pending}
          aria-describedby={reason ? `log-level-reason-${view.name}` : undefined}
          onChange={(event) => {
            const level = event.target.value;
            if (isLogLevel(level))
              void run((host) => host.invoke('servers.setLogLevel', { server: view.name, level }));
          }}
        >
          <option value="" disabled>
            not set
          </option>
          {LOG_LEVELS.map((level) => (
            <option key={level} value={level}>
              {level}
            </option>
          ))}
        </select>
      </label>
      {reason ? (
        <span className="muted" id={`log-level-reason-${view.name}`}>
          {reason}
        </span>
      ) : view.era === 'modern' ? (
        <span className="muted">
          Sent with every request to this server (its protocol version sets it per request).
        </span>
      ) : null}
      {error ? (
        <span className="inline-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
