// Why a server is in `error` or restarting: message, exit, the last stderr lines, and what happens next.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ConnectionFailure } from '../../../../shared/types';
import { formatClock } from '../../components/format';

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

/** The failure itself: its message (which says when restarts gave up), how the process ended, its stderr. */
function FailureText({ error }: { error: ConnectionFailure }) {
  const exit = exitSummary(error);
  const tail = useRef<HTMLPreElement>(null);
  const lines = error.stderrTail.join('\n');
  // The last lines are where the exception is: the box opens at its end.
  useLayoutEffect(() => {
    if (tail.current && lines) tail.current.scrollTop = tail.current.scrollHeight;
  }, [lines]);
  return (
    <>
      <p className="error-message">{error.message}</p>
      {exit ? <p>{exit}</p> : null}
      {error.stderrTail.length > 0 ? (
        <>
          <p className="muted">Last lines the server wrote to stderr:</p>
          <pre className="stderr-tail" ref={tail}>
            {lines}
          </pre>
        </>
      ) : null}
    </>
  );
}

/** The failure panel shown under the header of a server in `error`. */
export function ErrorDetails({ error }: { error: ConnectionFailure }) {
  const waiting = error.retryAt !== undefined && !error.gaveUp;
  const now = useNow(waiting);
  const seconds = error.retryAt !== undefined ? Math.max(0, Math.ceil((error.retryAt - now) / 1000)) : 0;
  return (
    <section className="error-details" aria-label="Error details">
      <FailureText error={error} />
      {waiting && error.retryAt !== undefined ? (
        <p>
          Next retry at {formatClock(error.retryAt)} ({seconds > 0 ? `in ${seconds} s` : 'now'}).
        </p>
      ) : null}
    </section>
  );
}

/** Shown while a server restarts after a failure: which attempt this is, and why the last one failed. */
export function RestartDetails({
  attempt,
  lastFailure,
}: {
  attempt: number;
  lastFailure: ConnectionFailure;
}) {
  return (
    <section className="error-details restart-details" aria-label="Restart details">
      <p>
        Restarting, attempt {attempt}. The last attempt failed
        {lastFailure.failures ? ` (failure ${lastFailure.failures} in a row)` : ''}:
      </p>
      <FailureText error={lastFailure} />
    </section>
  );
}
