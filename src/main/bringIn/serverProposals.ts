// Adds servers brought in from elsewhere to config.json, each noted with where it came from and waiting for approval.
import type { ServerEntry } from '../../shared/types';
import type { ConfigStore } from '../config/configStore';
import type { InputService } from '../requests/inputs';
import type { ServerApprovals } from '../trust/serverApprovals';
import type { NameClash, ProposedServer, ServerProposals } from './proposals';

/** The `ServerProposals` of the host: the servers go into config.json, and the approval gate holds them. */
export class ConfigProposals implements ServerProposals {
  constructor(
    private readonly config: ConfigStore,
    private readonly approvals: ServerApprovals,
    private readonly inputs: Pick<InputService, 'store' | 'forgetServer'>,
  ) {}

  async propose(
    servers: ProposedServer[],
    onClash: (name: string) => NameClash = () => 'skip',
  ): Promise<{ added: string[]; skipped: string[] }> {
    let added: string[] = [];
    let skipped: string[] = [];
    let values: [string, ReadonlyMap<string, string>][] = [];
    let replaced: string[] = [];
    await this.config.update((next) => {
      added = [];
      skipped = [];
      values = [];
      replaced = [];
      const taken = (name: string) => Object.hasOwn(next.mcpServers, name);
      for (const server of servers) {
        let name = server.name;
        if (taken(name)) {
          const choice = onClash(name);
          if (choice === 'skip') {
            skipped.push(name);
            continue;
          }
          if (choice === 'rename') name = freeName(name, taken);
          else replaced.push(name);
        }
        // Noted before the write announces the change, so the dialog names the origin from the start.
        this.approvals.noteOrigin(name, server.entry, server.origin);
        next.mcpServers[name] = cleanEntry(server.entry);
        added.push(name);
        if (server.values) values.push([name, server.values]);
      }
    });
    // A replaced server's values are not the new one's. The new one waits for approval, so its own values may
    // follow the write: they go under the name it got.
    for (const name of replaced) await this.inputs.forgetServer(name);
    for (const [name, typed] of values) await this.inputs.store(name, typed);
    return { added, skipped };
  }
}

/** `name-2`, `name-3` … the first that is free. */
export function freeName(name: string, taken: (name: string) => boolean): string {
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${name}-${suffix}`;
    if (!taken(candidate)) return candidate;
  }
}

/** A copy without undefined members, so the entry in the file is exactly the one noted. */
function cleanEntry(entry: ServerEntry): ServerEntry {
  return JSON.parse(JSON.stringify(entry)) as ServerEntry;
}
