// The host: composes config, servers and events, and implements every command of the contract.
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { CommandArgs, CommandName, CommandResult, EventName, Events } from '../shared/contract';
import { ConfigStore } from './config/configStore';
import { HostFault } from './errors';
import { ServerManager } from './servers/manager';
import { FileEraCache } from './storage/eraCache';

export type HostOptions = {
  dataDir: string;
  configPath?: string;
  /** Opens an https link after the person confirms; absent where the host cannot show a confirmation. */
  openExternal?: (url: string) => Promise<boolean>;
  initTimeoutMs?: number;
  /** Waits before automatic restarts of a failed server; the last one repeats. */
  restartBackoffMs?: number[];
};

export type CommandHandlers = { [N in CommandName]: (args: CommandArgs<N>) => Promise<CommandResult<N>> };

/** Where the app keeps its files when nothing else is said. */
export function defaultDataDir(): string {
  return join(homedir(), '.switchboard');
}

export class Host {
  private readonly listeners = new Map<EventName, Set<(payload: never) => void>>();
  private readonly config: ConfigStore;
  private readonly servers: ServerManager;
  private starting: Promise<void> = Promise.resolve();

  private constructor(private readonly options: HostOptions) {
    this.config = new ConfigStore(options.configPath ?? join(options.dataDir, 'config.json'));
    this.servers = new ServerManager(
      {
        clientInfo: { name: 'switchboard', version: '0.1.0' },
        initTimeoutMs: options.initTimeoutMs,
        backoffMs: options.restartBackoffMs,
        eraCache: new FileEraCache(join(options.dataDir, 'protocol-eras.json')),
      },
      {
        changed: (view) => this.emit('server.changed', view),
        removed: (name) => this.emit('server.removed', { name }),
        log: (server, entries) => this.emit('server.log', { server, entries }),
        wire: (server, entries) => this.emit('server.wire', { server, entries }),
      },
    );
  }

  /** Loads the config and starts every enabled server in the background. */
  static async create(options: HostOptions): Promise<Host> {
    const host = new Host(options);
    await host.config.load();
    host.starting = host.servers.apply(host.config.current.mcpServers);
    return host;
  }

  /** Resolves once every enabled server has started or failed. */
  ready(): Promise<void> {
    return this.starting;
  }

  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener as (payload: never) => void);
    this.listeners.set(event, set);
    return () => set.delete(listener as (payload: never) => void);
  }

  /** Ends every server and its process tree. */
  async shutdown(): Promise<void> {
    await this.servers.shutdown();
  }

  readonly commands: CommandHandlers = {
    'servers.list': async () => this.servers.list(),
    'servers.start': async ({ server }) => {
      await this.servers.get(server).start();
      return null;
    },
    'servers.stop': async ({ server }) => {
      await this.servers.get(server).stop();
      return null;
    },
    'servers.restart': async ({ server }) => {
      await this.servers.get(server).restart();
      return null;
    },
    'servers.logs': async ({ server }) => this.servers.get(server).logs(),
    'servers.wire': async ({ server }) => this.servers.get(server).wire(),
    'servers.setLogLevel': async ({ server, level }) => {
      await this.servers.get(server).setLogLevel(level);
      return null;
    },
    'tools.call': async ({ server, tool, args }) => this.servers.get(server).callTool(tool, args),
    'config.get': async () => this.config.view(),
    'config.save': async ({ text }) => this.configChanged(await this.config.save(text)),
    'config.putServer': async ({ name, entry, previousName }) => {
      const servers = this.config.current.mcpServers;
      if (name !== previousName && servers[name]) {
        throw new HostFault('invalid_input', `A server named "${name}" already exists.`);
      }
      return this.configChanged(
        await this.config.update((config) => {
          if (previousName && previousName !== name) delete config.mcpServers[previousName];
          config.mcpServers[name] = entry;
        }),
      );
    },
    'config.removeServer': async ({ name }) =>
      this.configChanged(
        await this.config.update((config) => {
          delete config.mcpServers[name];
        }),
      ),
    'config.setDisabled': async ({ name, disabled }) =>
      this.configChanged(
        await this.config.update((config) => {
          const entry = config.mcpServers[name];
          if (!entry) throw new HostFault('not_found', `There is no server named "${name}".`);
          if (disabled) entry.disabled = true;
          else delete entry.disabled;
        }),
      ),
    'app.openExternal': async ({ url }) =>
      this.options.openExternal ? this.options.openExternal(url) : false,
  };

  private configChanged(view: ReturnType<ConfigStore['view']>) {
    this.emit('config.changed', view);
    this.starting = this.servers.apply(this.config.current.mcpServers);
    return view;
  }

  private emit<E extends EventName>(event: E, payload: Events[E]): void {
    for (const listener of this.listeners.get(event) ?? [])
      (listener as (payload: Events[E]) => void)(payload);
  }
}
