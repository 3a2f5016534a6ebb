// Runs one host command from a view and keeps its pending flag and last error.
import { useCallback, useState } from 'react';
import { HostCallError } from '../../../shared/hostCallError';
import { type HostClient, useHost } from '../api';
import { describeError } from './format';

/** What `run` resolves to: it never rejects. */
export type Outcome<T> = { ok: true; value: T } | { ok: false };

/** `run(fn)` calls the host; errors become `error` (plain words) and `errorCode` instead of throwing. */
export function useCommand() {
  const host = useHost();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errorCode, setErrorCode] = useState<string | null>(null);

  const run = useCallback(
    async <T>(call: (host: HostClient) => Promise<T>): Promise<Outcome<T>> => {
      setPending(true);
      setError(null);
      setErrorCode(null);
      try {
        return { ok: true, value: await call(host) };
      } catch (caught) {
        setError(describeError(caught));
        setErrorCode(caught instanceof HostCallError ? caught.code : null);
        return { ok: false };
      } finally {
        setPending(false);
      }
    },
    [host],
  );

  const clearError = useCallback(() => {
    setError(null);
    setErrorCode(null);
  }, []);
  return { run, pending, error, errorCode, clearError };
}
