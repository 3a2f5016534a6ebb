// Which servers a value of the shared input store of earlier versions goes to, once, when values move to per-server stores.
import { inputIdsOf } from '../../shared/inputReferences';
import type { ServerEntry } from '../../shared/types';

/**
 * For each input id, the servers the person approved as their own, as they are configured now, whose entries
 * use it. A server that came from elsewhere never inherits a value kept for another.
 */
export function sharedValueOwners(
  servers: Readonly<Record<string, ServerEntry>>,
  ownApproved: (name: string, entry: ServerEntry) => boolean,
): (id: string) => string[] {
  const owners = new Map<string, string[]>();
  for (const [name, entry] of Object.entries(servers)) {
    if (!ownApproved(name, entry)) continue;
    for (const id of inputIdsOf(entry)) owners.set(id, [...(owners.get(id) ?? []), name]);
  }
  return (id) => owners.get(id) ?? [];
}
