// "Set server log level": asks the server to send log notifications from a level up (per request on 2026-07-28 servers).
import { LOG_LEVELS, type LogLevel, type ServerView } from '../../../../shared/types';
import { useCommand } from '../../components/useCommand';
import { useT } from '../../i18n';

/** The message saying why the level cannot be set now, if it cannot. */
function unavailableReason(view: ServerView): string | null {
  if (view.state.kind !== 'running') return 'logs.level.notRunning';
  if (!view.capabilities || !('logging' in view.capabilities)) return 'logs.level.noLogging';
  return null;
}

function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

/** A select that invokes `servers.setLogLevel`; disabled with the reason when it cannot work. */
export function LogLevelControl({ view }: { view: ServerView }) {
  const t = useT();
  const { run, pending, error } = useCommand();
  const reason = unavailableReason(view);
  const reasonId = `log-level-reason-${view.name}`;
  return (
    <span className="toolbar-group">
      <label>
        {t('logs.level.set')}{' '}
        <select
          value={view.logLevel ?? ''}
          disabled={reason !== null || pending}
          aria-describedby={reason ? reasonId : undefined}
          onChange={(event) => {
            const level = event.target.value;
            if (isLogLevel(level))
              void run((host) => host.invoke('servers.setLogLevel', { server: view.name, level }));
          }}
        >
          <option value="" disabled>
            {t('logs.level.notSet')}
          </option>
          {LOG_LEVELS.map((level) => (
            <option key={level} value={level}>
              {level}
            </option>
          ))}
        </select>
      </label>
      {reason ? (
        <span className="muted" id={reasonId}>
          {t(reason)}
        </span>
      ) : view.era === 'modern' ? (
        <span className="muted">{t('logs.level.perRequest')}</span>
      ) : null}
      {error ? (
        <span className="inline-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
