// Keeps one connection per configured server and applies config changes to just the servers they touch.
import type { LogEntry, ServerEntry, ServerView, WireEntry } from '../../shared/types';
import { HostFault } from '../errors';
import { type ConnectionOptions, ServerConnection } from './connection';

export type ManagerEvents = {
  changed: (view: ServerView) => void;
  removed: (name: string) => void;
  log: (server: string, entries: LogEntry[]) => void;
  wire: (server: string, entries: WireEntry[]) => void;
  resourceUpdated: (server: string, uri: string) => void;
};

export class ServerManager {
  private readonly connections = new Map<string, { connection: ServerConnection; unsubscribe: () => void }>();
  private applying: Promise<void> = Promise.resolve();

  constructor(
    private readonly options: ConnectionOptions,
    private readonly events: ManagerEvents,
  ) {}

  list(): ServerView[] {
    return [...this.connections.values()].map(({ connection }) => connection.view());
  }

  get(name: string): ServerConnection {
    const found = this.connections.get(name);
    if (!found) throw new HostFault('not_found', `There is no server named "${name}".`);
    return found.connection;
  }

  /**
   * Makes the running set match `servers`: new ones start, removed ones stop, changed ones restart.
   * Calls run one after another, so quick successive edits never leave two processes for one server.
   */
  apply(servers: Record<string, ServerEntry>): Promise<void> {
    const next = this.applying.then(() => this.applyNow(servers));
    this.applying = next.catch(() => {});
    return next;
  }

  private async applyNow(servers: Record<string, ServerEntry>): Promise<void> {
    const work: Promise<void>[] = [];
    for (const [name, { connection }] of this.connections) {
      const next = servers[name];
      if (!next) {
        work.push(this.remove(name));
      } else if (JSON.stringify(next) !== JSON.stringify(connection.entry)) {
        work.push(this.remove(name, false).then(() => this.add(name, next)));
      }
    }
    for (const [name, entry] of Object.entries(servers)) {
      if (!this.connections.has(name)) work.push(this.add(name, entry));
    }
    await Promise.all(work);
  }

  /** Ends every server in parallel. */
  async shutdown(): Promise<void> {
    await this.applying;
    await Promise.all([...this.connections.values()].map(({ connection }) => connection.stop()));
  }

  private async add(name: string, entry: ServerEntry): Promise<void> {
    const connection = new ServerConnection(name, entry, this.options);
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
    await found.connection.stop();
  }
}
