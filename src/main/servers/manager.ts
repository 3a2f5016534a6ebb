// Keeps one connection per configured server and applies config changes to just the servers they touch.
import { ignoredKeys, knownPart } from '../../shared/entryKeys';
import { nameRecord } from '../../shared/nameRecord';
import type { LogEntry, ServerEntry, ServerView, WireEntry } from '../../shared/types';
import { HostFault } from '../errors';
import { type ConnectionOptions, ServerConnection } from './session/connection';

export type ManagerEvents = {
  changed: (view: ServerView) => void;
  removed: (name: string) => void;
  log: (server: string, entries: LogEntry[]) => void;
  wire: (server: string, entries: WireEntry[]) => void;
  resourceUpdated: (server: string, uri: string) => void;
};

/** What one `apply` does: each name appears in at most one list. */
export type ServerPlan = { remove: string[]; restart: [string, ServerEntry][]; add: [string, ServerEntry][] };

/** The changes that turn the running set `current` into `next` (entries compared by their JSON). */
export function planServers(
  current: ReadonlyMap<string, ServerEntry>,
  next: Readonly<Record<string, ServerEntry>>,
): ServerPlan {
  const plan: ServerPlan = { remove: [], restart: [], add: [] };
  for (const [name, entry] of current) {
    if (!Object.hasOwn(next, name)) plan.remove.push(name);
    else if (JSON.stringify(next[name]) !== JSON.stringify(entry)) plan.restart.push([name, next[name]!]);
  }
  for (const [name, entry] of Object.entries(next)) {
    if (!current.has(name)) plan.add.push([name, entry]);
  }
  return plan;
}

type Tracked = { connection: ServerConnection; unsubscribe: () => void };

export class ServerManager {
  private readonly connections = new Map<string, Tracked>();
  /** Connections being stopped after they left `connections`, so shutdown also waits for them. */
  private readonly stopping = new Set<Promise<void>>();
  private applying: Promise<void> = Promise.resolve();

  constructor(
    private readonly options: ConnectionOptions,
    private readonly events: ManagerEvents,
  ) {}

  list(): ServerView[] {
    return [...this.connections.values()].map(({ connection }) => connection.view());
  }

  has(name: string): boolean {
    return this.connections.has(name);
  }

  get(name: string): ServerConnection {
    const found = this.connections.get(name);
    if (!found) throw new HostFault('not_found', `There is no server named "${name}".`);
    return found.connection;
  }

  /**
   * Makes the running set match `servers`: new ones start, removed ones stop, changed ones restart. Keys
   * of an entry Switchboard does not use are left out (a change of them restarts nothing).
   * Calls run one after another, so quick successive edits never leave two processes for one server.
   */
  apply(servers: Readonly<Record<string, ServerEntry>>): Promise<void> {
    const next = this.applying.then(() => this.applyNow(servers));
    // The caller hears of a failure through `next`; the next change only waits for it to end.
    this.applying = next.catch(() => {});
    return next;
  }

  private async applyNow(servers: Readonly<Record<string, ServerEntry>>): Promise<void> {
    const current = new Map([...this.connections].map(([name, { connection }]) => [name, connection.entry]));
    const known = nameRecord(
      Object.entries(servers).map(([name, entry]) => [name, knownPart(entry)] as const),
    );
    const ignored = new Map(Object.entries(servers).map(([name, entry]) => [name, ignoredKeys(entry)]));
    const plan = planServers(current, known);
    const add = (name: string, entry: ServerEntry) => this.add(name, entry, ignored.get(name) ?? []);
    await Promise.all([
      ...plan.remove.map((name) => this.remove(name)),
      ...plan.restart.map(async ([name, entry]) => {
        await this.remove(name, false);
        await add(name, entry);
      }),
      ...plan.add.map(([name, entry]) => add(name, entry)),
    ]);
  }

  /**
   * Ends every server in parallel, including any still being stopped. Servers still starting are stopped
   * at once (a hung one never holds up the quit); any an unfinished `apply` adds after that are stopped too.
   * Resolves once the catalogue's writes are on disk.
   */
  async shutdown(): Promise<void> {
    const stopLive = () =>
      Promise.all([...this.connections.values()].map(({ connection }) => connection.stop()));
    await stopLive();
    await this.applying;
    await Promise.all([stopLive(), ...this.stopping]);
    // A write cut short by the process ending would leave its temporary file behind.
    await this.options.catalogueCache?.flushed();
  }

  private async add(name: string, entry: ServerEntry, ignored: readonly string[]): Promise<void> {
    // One connection per name, always: a leftover one is stopped rather than forgotten.
    await this.remove(name, false);
    const connection = new ServerConnection(name, entry, this.options);
    if (ignored.length > 0) connection.note('info', ignoredText(ignored));
    const unsubscribers = [
      connection.onDidChange((view) => this.events.changed(view)),
      connection.onDidLog((entries) => this.events.log(name, entries)),
      connection.onDidWire((entries) => this.events.wire(name, entries)),
      connection.onDidUpdateResource((uri) => this.events.resourceUpdated(name, uri)),
    ];
    this.connections.set(name, {
      connection,
      unsubscribe: () => {
        for (const off of unsubscribers) off();
      },
    });
    this.events.changed(connection.view());
    if (!entry.disabled && entry.autoStart !== false) await connection.start();
  }

  private async remove(name: string, announce = true): Promise<void> {
    const found = this.connections.get(name);
    if (!found) return;
    this.connections.delete(name);
    found.unsubscribe();
    if (announce) this.events.removed(name);
    const stopped = found.connection.stop();
    this.stopping.add(stopped);
    try {
      await stopped;
    } finally {
      this.stopping.delete(stopped);
    }
  }
}

/** The line a server's log shows once for keys of its entry Switchboard does not use. */
function ignoredText(keys: readonly string[]): string {
  const list = keys.map((key) => `"${key}"`).join(', ');
  return `config.json gives this server ${keys.length === 1 ? 'a setting' : 'settings'} Switchboard does not use, kept in the file and ignored: ${list}.`;
}
