// The host's sandbox room: how each local server runs, its starts wrapped with its current view, restarts when that view changes.
import { realpath, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { noNetwork, type SandboxView } from '../../shared/sandbox';
import { launcherName, networkOf } from '../../shared/sandboxNetwork';
import type { ServerEntry, StdioServerEntry } from '../../shared/types';
import { isRemoteEntry } from '../../shared/types';
import type { MinimumSandbox } from '../flow/orgPolicy';
import type { SandboxHooks } from '../servers/session/connectionOptions';
import { type BuiltinScripts, resolveBuiltin } from '../servers/transport/builtin';
import type { Launcher, LaunchHooks } from '../servers/transport/launcher';
import { pathForCommand } from '../servers/transport/loginPath';
import { sandboxed, type WrappedEntry } from './launcher';
import { policyFor } from './policy';
import { privateDirs } from './privateDirs';
import { resolveProgram, SandboxStartError } from './resolve';
import type { RuntimeStatus, SandboxRuntime } from './runtime';
import { sandboxDecision } from './status';

export type Folder = { path: string; readOnly: boolean };

export type SandboxesDeps = {
  runtime: SandboxRuntime;
  dataDir: string;
  /** The shared folders `server` may see, as stored (see `RootsService.sandboxFolders`). */
  folders: (server: string) => Folder[];
  builtinScripts?: BuiltinScripts;
  /** Told when something shown of `server`'s sandbox changed. */
  changed: (server: string) => void;
  /** Told when what a running `server` may see changed: it restarts, `text` saying why. */
  foldersChanged: (server: string, text: string) => void;
  /** The least sandbox the organisation's policy requires (none when absent): below it a server does not start. */
  minimumSandbox?: () => MinimumSandbox;
};

/** Programs that run servers in containers through a service of their own, out of the sandbox's reach. */
const CONTAINER_RUNNERS = new Set(['docker', 'podman']);

/** What every sandbox shows that is not a file of the machine. */
const KERNEL_DIRS = ['/dev', '/proc', '/sys'];

export class Sandboxes implements SandboxHooks {
  private status: RuntimeStatus | undefined;
  /** The folders each server's current start sees, as a key. */
  private readonly started = new Map<string, string>();
  /** Each server whose process runs in the sandbox now: the network it was started with, as a key. */
  private readonly running = new Map<string, { network: string }>();
  /** The first connection blocked in each server's session, until the person has looked. */
  private readonly notices = new Map<string, string>();
  /** Servers whose current session already showed its notice. */
  private readonly noticed = new Set<string>();

  constructor(private readonly deps: SandboxesDeps) {}

  /** How `entry` runs, for its Overview. */
  view(name: string, entry: ServerEntry): SandboxView {
    const decision = sandboxDecision(entry, this.status, this.builtinInApp());
    if (decision.kind !== 'sandboxed') return decision;
    const notice = this.notices.get(name);
    return {
      kind: 'sandboxed',
      folders: this.deps.folders(name),
      network: networkOf(entry as StdioServerEntry),
      ...(notice ? { notice } : {}),
    };
  }

  /**
   * True while `name`'s process runs in the sandbox as `entry` says: its current start was wrapped, with the
   * network `entry` chooses now (a change of entry counts only once the server has restarted with it).
   */
  active(name: string, entry: ServerEntry): boolean {
    if (isRemoteEntry(entry) || !this.status?.ok) return false;
    if (sandboxDecision(entry, this.status, this.builtinInApp()).kind !== 'sandboxed') return false;
    return this.running.get(name)?.network === JSON.stringify(networkOf(entry));
  }

  /** True while `entry` runs sandboxed with no network: what the permission to run its tools without asking needs. */
  activeWithoutNetwork(name: string, entry: ServerEntry): boolean {
    return this.active(name, entry) && !isRemoteEntry(entry) && noNetwork(networkOf(entry));
  }

  launcher(name: string, entry: StdioServerEntry, local: (entry: StdioServerEntry) => Launcher): Launcher {
    if (sandboxDecision(entry, undefined, this.builtinInApp()).kind !== 'sandboxed') return local(entry);
    return sandboxed(entry, (hooks) => this.wrap(name, entry, hooks), local);
  }

  /** The person looked at the notice of `name`. */
  dismissNotice(name: string): void {
    if (this.notices.delete(name)) this.deps.changed(name);
  }

  /** The shared folders changed: each running server whose view changed restarts with the new one. */
  foldersMayHaveChanged(): void {
    for (const [name, key] of this.started) {
      const folders = this.deps.folders(name);
      if (keyOf(folders) === key) continue;
      this.started.set(name, keyOf(folders));
      const list = folders.map((folder) => `${folder.path}${folder.readOnly ? ' (read-only)' : ''}`);
      this.deps.foldersChanged(
        name,
        `The folders it may see changed; restarting it so it sees exactly ${list.length > 0 ? list.join(', ') : 'none of your folders'}.`,
      );
    }
  }

  /** Ends the sandbox once every server has stopped. */
  shutdown(): Promise<void> {
    return this.deps.runtime.shutdown();
  }

  /** One start of `name`: resolved, its policy built from what it may see now, and wrapped. */
  private async wrap(
    name: string,
    entry: StdioServerEntry,
    hooks: LaunchHooks,
  ): Promise<WrappedEntry | undefined> {
    const runtime = this.deps.runtime;
    const known = this.status;
    this.status = await runtime.status();
    if (known !== this.status) this.deps.changed(name);
    if (!this.status.ok) {
      if ((this.deps.minimumSandbox?.() ?? 'none') !== 'none') {
        throw new SandboxStartError(
          `your organisation's policy requires a sandbox, and it cannot run here. ${this.status.message}`,
        );
      }
      hooks.note?.('warning', `Not sandboxed: ${this.status.message}`);
      return undefined;
    }
    const run = resolveBuiltin(entry, this.deps.builtinScripts);
    if (CONTAINER_RUNNERS.has(launcherName(run.command))) {
      throw new SandboxStartError(
        `${launcherName(run.command)} starts containers through its own service, which a sandboxed server cannot reach. Turn the sandbox off for this server (the switch in its settings, or "sandbox": false in its entry): the container's own settings then decide what it sees.`,
      );
    }
    const dirs = await privateDirs(this.deps.dataDir, entry);
    const path = await pathForCommand(run.command, process.env.PATH);
    const program = await resolveProgram({
      command: run.command,
      args: run.args ?? [],
      cwd: run.cwd,
      path,
      home: homedir(),
      dataDir: this.deps.dataDir,
      hostCwd: process.cwd(),
      privateHome: dirs.home,
    });
    const stored = this.deps.folders(name);
    const roots = await realFolders(stored, hooks);
    const network = networkOf(entry);
    const policy = policyFor({
      platform: runtime.platform === 'darwin' ? 'darwin' : 'linux',
      program,
      roots,
      ...dirs,
      network,
      runtimePaths: runtime.runtimePaths(),
      systemDirs: runtime.systemDirs(),
      protectedPaths: await gitFiles(roots),
    });
    const wrapped = await runtime.wrap(policy, (line) => this.denied(name, line, network, hooks));
    const start = { network: JSON.stringify(network) };
    this.running.set(name, start);
    this.started.set(name, keyOf(stored));
    this.noticed.delete(name);
    if (this.notices.delete(name)) this.deps.changed(name);
    const { filesystem } = policy.config;
    return {
      entry: { command: wrapped.argv[0] ?? '/bin/sh', args: wrapped.argv.slice(1), env: run.env },
      visible: [...filesystem.allowRead, ...KERNEL_DIRS],
      release: () => {
        if (this.running.get(name) === start) this.running.delete(name);
        wrapped.release();
      },
    };
  }

  /** A connection the sandbox blocked: a line in the server's log, and the first of its session as a notice. */
  private denied(
    name: string,
    line: string,
    network: ReturnType<typeof networkOf>,
    hooks: LaunchHooks,
  ): void {
    const target = /network-outbound (\S+)/.exec(line)?.[1] ?? 'a host';
    const why = noNetwork(network)
      ? 'this server may not use the network'
      : "not in this server's network list";
    const text = `Blocked connection to ${target} (${why})`;
    hooks.note?.('warning', text);
    if (this.noticed.has(name)) return;
    this.noticed.add(name);
    this.notices.set(name, text);
    this.deps.changed(name);
  }

  private builtinInApp(): boolean {
    return this.deps.builtinScripts?.fork !== undefined;
  }
}

function keyOf(folders: readonly Folder[]): string {
  return JSON.stringify(folders);
}

/** The shared folders as real paths (a link would vanish inside); a folder that is gone is left out, saying so. */
async function realFolders(folders: readonly Folder[], hooks: LaunchHooks): Promise<Folder[]> {
  const found: Folder[] = [];
  for (const folder of folders) {
    const real = await realpath(folder.path).catch(() => undefined);
    if (real && (await stat(real)).isDirectory()) found.push({ ...folder, path: real });
    else
      hooks.note?.('warning', `The shared folder ${folder.path} is missing, so this server does not see it.`);
  }
  return found;
}

/** Git's hooks and config in writable folders: they run outside the sandbox, so they stay read-only. */
async function gitFiles(folders: readonly Folder[]): Promise<string[]> {
  const candidates = folders
    .filter((folder) => !folder.readOnly)
    .flatMap((folder) => [join(folder.path, '.git', 'hooks'), join(folder.path, '.git', 'config')]);
  const present = await Promise.all(
    candidates.map((path) =>
      stat(path).then(
        () => path,
        () => undefined,
      ),
    ),
  );
  return present.filter((path): path is string => path !== undefined);
}
