// A real flow room for tests that run tool calls: its settings and conversations in a test folder, nothing announced.
import { join } from 'node:path';
import { FlowRoom, type FlowServers } from '../src/main/flow/flowRoom';
import { FlowSettings } from '../src/main/flow/flowSettings';
import { ConversationStore } from '../src/main/storage/conversations';
import type { AuditEntry } from '../src/shared/consent';

/** A flow room over `servers`, keeping its files in `dir`; `audit` hears what it records. */
export function flowRoomFor(
  dir: string,
  servers: FlowServers,
  options: {
    conversations?: ConversationStore;
    audit?: (entry: AuditEntry) => void;
    folders?: (server: string) => string[];
  } = {},
): FlowRoom {
  const flow = new FlowRoom({
    servers,
    settings: new FlowSettings(join(dir, 'flow-settings.json')),
    conversations: options.conversations ?? new ConversationStore(join(dir, 'conversations')),
    foldersOf: options.folders ?? (() => []),
    sandboxActive: () => false,
    originOf: () => ({ route: 'outside', from: 'a test' }),
    changedSinceGrant: () => false,
    audit: options.audit ?? (() => {}),
    emit: () => {},
  });
  flow.setPolicies([]);
  return flow;
}
