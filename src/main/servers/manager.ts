// Keeps one connection per configured server and applies config changes to just the servers they touch.
import { ignoredKeys, knownPart } from '../../shared/entryKeys';
import { nameRecord } from '../../shared/nameRecord';
import type { LogEntry, ServerEntry, ServerView, WireEntry } from '../../shared/types';
import { RunningServers } from './runningServers';
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

export class ServerManager {
  /** What stops each connection's events reaching `events`, by name. */
  private readonly unsubscribers = new Map<string, () => void>();
  /** Connections being stopped after they left the running set, so shutdown also waits for them. */
  private readonly stopping = new Set<Promise<void>>();
  private applying: Promise<void> = Promise.resolve();

  /** `running` is where the rooms look the servers up; the manager alone adds and removes them. */
  constructor(
    private readonly options: ConnectionOptions,
    private readonly events: ManagerEvents,
    private readonly running = new RunningServers(),
  ) {}

  list(): ServerView[] {
    return this.running.list();
  }

  has(name: string): boolean {
    return this.running.has(name);
  }

  get(name: string): ServerConnection {
    return this.running.get(name);
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
    const current = new Map(this.running.all().map((connection) => [connection.name, connection.entry]));
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
    const stopLive = () => Promise.all(this.running.all().map((connection) => connection.stop()));
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
    this.running.set(name, connection);
    this.unsubscribers.set(name, () => {
      for (const off of unsubscribers) off();
    });
    this.events.changed(connection.view());
    if (!entry.disabled && entry.autoStart !== false) await connection.start();
  }

  private async remove(name: string, announce = true): Promise<void> {
    if (!this.running.has(name)) return;
    const connection = this.running.get(name);
    this.running.delete(name);
    this.unsubscribers.get(name)?.();
    this.unsubscribers.delete(name);
    if (announce) this.events.removed(name);
    const stopped = connection.stop();
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
