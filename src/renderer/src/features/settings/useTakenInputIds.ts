// The input ids other servers' entries already use, so a new secret never takes over one of theirs.
import { useMemo } from 'react';
import { inputIdsOf } from '../../../../shared/inputReferences';
import { useAllServers } from '../../store';

/** Ids referenced by every server but `editing`. */
export function useTakenInputIds(editing: string | undefined): ReadonlySet<string> {
  const servers = useAllServers();
  return useMemo(
    () => new Set(servers.filter((view) => view.name !== editing).flatMap((view) => inputIdsOf(view.entry))),
    [servers, editing],
  );
}
