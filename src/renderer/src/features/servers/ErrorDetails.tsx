// Why a server is in `error`: message, exit, the last stderr lines, and what happens next.
import { useEffect, useState } from 'react';
import type { ConnectionFailure } from '../../../../shared/types';
import { formatClock } from '../../components/format';
import { useRestartAttempts } from '../../store';

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function exitSummary(error: ConnectionFailure): string | null {
  const parts: string[] = [];
  if (error.exitCode !== undefined && error.exitCode !== null) parts.push(`exit code ${error.exitCode}`);
  if (error.signal) parts.push(`signal ${error.signal}`);
  return parts.length > 0 ? `The process ended with ${parts.join(' and ')}.` : null;
}

/** The failure panel shown under the header of a server in `error`. */
export function ErrorDetails({ server, error }: { server: string; error: ConnectionFailure }) {
  const attempts = useRestartAttempts(server);
  const waiting = error.retryAt !== undefined && !error.gaveUp;
  const now = useNow(waiting);
  const exit = exitSummary(error);
  const seconds = error.retryAt !== undefined ? Math.max(0, Math.ceil((error.retryAt - now) / 1000)) : 0;
  return (
    <section className="error-details" aria-label="Error details">
      <p className="error-message">{error.message}</p>
      {exit ? <p>{exit}</p> : null}
      {error.gaveUp ? (
        <p>
          {attempts !== undefined
            ? `Gave up after ${attempts} failures.`
            : 'Gave up after repeated failures.'}{' '}
          Fix the problem, then press Restart.
        </p>
      ) : null}
      {waiting && error.retryAt !== undefined ? (
        <p>
          Next retry at {formatClock(error.retryAt)} ({seconds > 0 ? `in ${seconds} s` : 'now'}).
        </p>
      ) : null}
      {error.stderrTail.length > 0 ? (
        <>
          <p className="muted">Last lines the server wrote to stderr:</p>
          <pre className="stderr-tail">{error.stderrTail.join('\n')}</pre>
        </>
      ) : null}
    </section>
  );
}
