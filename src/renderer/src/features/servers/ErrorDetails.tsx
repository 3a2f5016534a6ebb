// Why a server is in `error` or restarting: message, exit, the last stderr lines, and what happens next.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ConnectionFailure } from '../../../../shared/types';
import { formatClock, hostWords } from '../../components/format';
import { useT } from '../../i18n';

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** How the process ended, in the page's language; null when it did not say. */
function exitSummary(error: ConnectionFailure, t: ReturnType<typeof useT>): string | null {
  const code = error.exitCode !== undefined && error.exitCode !== null ? String(error.exitCode) : '';
  const signal = error.signal ?? '';
  if (!code && !signal) return null;
  const kind = code && signal ? 'both' : code ? 'code' : 'signal';
  return t('servers.error.exit', { kind, code, signal });
}

/** The failure itself: its message (which says when restarts gave up), how the process ended, its stderr. */
function FailureText({ error }: { error: ConnectionFailure }) {
  const t = useT();
  const exit = exitSummary(error, t);
  const tail = useRef<HTMLPreElement>(null);
  const lines = error.stderrTail.join('\n');
  // The last lines are where the exception is: the box opens at its end.
  useLayoutEffect(() => {
    if (tail.current && lines) tail.current.scrollTop = tail.current.scrollHeight;
  }, [lines]);
  return (
    <>
      <p className="error-message">{hostWords(error.message, error.text)}</p>
      {exit ? <p>{exit}</p> : null}
      {error.stderrTail.length > 0 ? (
        <>
          <p className="muted">{t('servers.error.stderr')}</p>
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
  const t = useT();
  const waiting = error.retryAt !== undefined && !error.gaveUp;
  const now = useNow(waiting);
  const seconds = error.retryAt !== undefined ? Math.max(0, Math.ceil((error.retryAt - now) / 1000)) : 0;
  return (
    <section className="error-details" aria-label={t('servers.error.details')}>
      <FailureText error={error} />
      {waiting && error.retryAt !== undefined ? (
        <p>{t('servers.error.nextRetry', { time: formatClock(error.retryAt), seconds })}</p>
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
  const t = useT();
  return (
    <section className="error-details restart-details" aria-label={t('servers.restart.details')}>
      <p>{t('servers.restart.attempt', { attempt, failures: lastFailure.failures ?? 0 })}</p>
      <FailureText error={lastFailure} />
    </section>
  );
}
