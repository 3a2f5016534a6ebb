// Fetches the whole of something the host sent in part, keeping whether it is under way, failed or no longer kept.
import { useCallback } from 'react';
import { fetchWhole } from '../api/payloads';
import { useCommand } from './useCommand';

/** `fetch(id)` never rejects: `gone` says the host no longer keeps it, `error` says any other failure. */
export function useWhole() {
  const { run, pending, error, errorCode } = useCommand();
  const fetch = useCallback((id: string) => run((host) => fetchWhole(host, id)), [run]);
  const gone = errorCode === 'gone';
  return { fetch, pending, gone, error: gone ? null : error };
}
