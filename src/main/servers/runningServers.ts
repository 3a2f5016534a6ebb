// The configured servers' connections by name: the manager fills it, every other room looks servers up in it.
import type { ServerView } from '../../shared/types';
import { HostFault } from '../errors';
import type { ServerConnection } from './session/connection';

/** Looking a server up, as the rooms do; `RunningServers` and `ServerManager` fit. */
export type ServerLookup = Pick<RunningServers, 'list' | 'has' | 'get'>;

export class RunningServers {
  private readonly connections = new Map<string, ServerConnection>();

  list(): ServerView[] {
    return [...this.connections.values()].map((connection) => connection.view());
  }

  has(name: string): boolean {
    return this.connections.has(name);
  }

  get(name: string): ServerConnection {
    const found = this.connections.get(name);
    if (!found) throw new HostFault('not_found', { id: 'host.servers.noSuchServer', values: { name } });
    return found;
  }

  /** Every connection, for the manager to stop. */
  all(): ServerConnection[] {
    return [...this.connections.values()];
  }

  /** The manager's: `connection` is now the one of `name`. */
  set(name: string, connection: ServerConnection): void {
    this.connections.set(name, connection);
  }

  /** The manager's: `name` has no connection any more. */
  delete(name: string): void {
    this.connections.delete(name);
  }
}
