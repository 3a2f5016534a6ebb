// The sandbox library for the whole host: started once, each server start wrapped, blocked connections told to their server.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { UnsandboxedReason } from '../../shared/sandbox';
import { messageOf } from '../errors';
import { AnyNetworkSandbox, type LibrarySettings } from './anyNetwork';
import { innerCommand, type SandboxPolicy, SYSTEM_DIRS } from './policy';
import { findCommandSync } from './which';

/** Whether servers can be sandboxed here, and why not. */
export type RuntimeStatus = { ok: true } | { ok: false; reason: UnsandboxedReason; message: string };

/** One start, wrapped: the argv to spawn, and `release` once its process has exited (or never started). */
export type WrappedStart = { argv: string[]; release: () => void };

/** The library's manager, as far as this module uses it. */
type Manager = typeof import('@anthropic-ai/sandbox-runtime').SandboxManager;

export const INSTALL_ADVICE =
  'Install them with `sudo apt-get install bubblewrap socat ripgrep` (Debian, Ubuntu) or `sudo dnf install bubblewrap socat ripgrep` (Fedora), then restart Switchboard.';

/** Where the library is: the module a second copy loads from, and the folder of its helper programs. */
export type LibraryFiles = { entry: string; vendor: string };

/**
 * The library's files. Built, it is a module of its own beside the host's with its helpers copied beside it (in the
 * app, outside the archive: a program cannot run from inside it); run from source, the installed package.
 */
export function libraryFiles(): LibraryFiles | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const dir of [here, dirname(here)]) {
    const entry = join(dir, 'sandboxLibrary.js');
    if (existsSync(entry)) return { entry, vendor: unpacked(join(dir, 'vendor')) };
  }
  try {
    const found = createRequire(import.meta.url).resolve('@anthropic-ai/sandbox-runtime/package.json');
    return { entry: join(dirname(found), 'dist', 'index.js'), vendor: join(dirname(found), 'vendor') };
  } catch {
    return undefined;
  }
}

/** `path` as the app's unpacked copy of its archive has it (unchanged outside an archive). */
function unpacked(path: string): string {
  return path.replace(`${sep}app.asar${sep}`, `${sep}app.asar.unpacked${sep}`);
}

/**
 * The sandbox for this host: started on the first sandboxed start, so a host without sandboxed servers never
 * starts its proxies. A blocked connection is told to the start it belongs to.
 */
export class SandboxRuntime {
  private starting: Promise<RuntimeStatus> | undefined;
  private manager: Manager | undefined;
  /** Wraps the starts that may reach any host (started on the first). */
  private anyNetwork: AnyNetworkSandbox | undefined;
  private socat = 'socat';
  private readonly listeners = new Map<string, (line: string) => void>();
  private seen = 0;
  private stopped = false;
  readonly platform: NodeJS.Platform;
  private readonly findProgram: (name: string) => string | undefined;

  /** `findProgram` finds the sandbox's own programs by name (on the PATH and in the system's folders by default). */
  constructor(
    options: { platform?: NodeJS.Platform; findProgram?: (name: string) => string | undefined } = {},
  ) {
    this.platform = options.platform ?? process.platform;
    this.findProgram = options.findProgram ?? ((name) => findCommandSync(name));
  }

  /** Whether servers can run sandboxed here; starts the sandbox the first time. */
  status(): Promise<RuntimeStatus> {
    this.starting ??= this.start().catch(
      (error: unknown): RuntimeStatus => ({
        ok: false,
        reason: 'missing',
        message: `The sandbox could not be started: ${messageOf(error)}`,
      }),
    );
    return this.starting;
  }

  /** The system folders every server reads on this machine. */
  systemDirs(): string[] {
    const platform = this.platform === 'darwin' ? 'darwin' : 'linux';
    return SYSTEM_DIRS[platform].filter((dir) => existsSync(dir));
  }

  /** What the sandbox itself needs readable inside: its helper and its proxy's sockets. */
  runtimePaths(): string[] {
    const manager = this.manager;
    const library = libraryFiles();
    return [
      ...(library ? [join(library.vendor, 'seccomp')] : []),
      ...(manager?.getLinuxHttpSocketPath() ? [manager.getLinuxHttpSocketPath() as string] : []),
      ...(manager?.getLinuxSocksSocketPath() ? [manager.getLinuxSocksSocketPath() as string] : []),
    ];
  }

  /** Wraps one start of `policy`; `denied` hears each connection the sandbox blocks for it. */
  async wrap(policy: SandboxPolicy, denied: (line: string) => void): Promise<WrappedStart> {
    const status = await this.status();
    const manager = this.manager;
    if (!status.ok || !manager) throw new Error(status.ok ? 'The sandbox is not running.' : status.message);
    if (!policy.config.network) {
      if (!this.anyNetwork) throw new Error('The sandbox for any network is not available.');
      const wrapped = await this.anyNetwork.wrap(innerCommand(policy), policy.config);
      return { argv: execArgv(wrapped.argv), release: wrapped.release };
    }
    const commandId = randomBytes(16).toString('base64url');
    const commandText = `switchboard-start-${randomBytes(8).toString('hex')}`;
    const relay =
      this.platform === 'linux'
        ? {
            auth: `srt.${Buffer.from(commandId).toString('base64')}:${manager.getProxyAuthToken()}`,
            socat: this.socat,
          }
        : undefined;
    const { argv } = await manager.wrapWithSandboxArgv(
      innerCommand(policy, relay),
      '/bin/sh',
      { filesystem: policy.config.filesystem, network: policy.config.network },
      undefined,
      undefined,
      { commandId, commandText },
    );
    if (policy.hosts.length > 0)
      manager.registerCommandNetworkLists(commandId, { allowedDomains: policy.hosts });
    this.listeners.set(commandText, denied);
    let released = false;
    return {
      argv: execArgv(argv),
      release: () => {
        if (released) return;
        released = true;
        this.listeners.delete(commandText);
        manager.unregisterCommandNetworkLists(commandId);
        manager.cleanupAfterCommand();
      },
    };
  }

  /** Stops the sandbox's proxies once every server has stopped. */
  async shutdown(): Promise<void> {
    this.stopped = true;
    const started = this.manager;
    await this.anyNetwork?.shutdown();
    if (started && (await this.starting)?.ok) await started.reset().catch(() => {});
  }

  private async start(): Promise<RuntimeStatus> {
    if (this.platform === 'win32') {
      return {
        ok: false,
        reason: 'windows',
        message:
          'On Windows the sandbox cannot keep each server to its own shared folders (every server would see all of them), so Switchboard does not use it there.',
      };
    }
    if (this.platform !== 'linux' && this.platform !== 'darwin') {
      return {
        ok: false,
        reason: 'unsupported',
        message: `Switchboard has no sandbox for ${this.platform}.`,
      };
    }
    const paths =
      this.platform === 'linux' ? linuxPrograms(this.findProgram) : { ok: true as const, found: {} };
    if (!paths.ok) return paths.status;
    const { SandboxManager } = await import('./library');
    const library = libraryFiles();
    const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
    const applyPath = library ? join(library.vendor, 'seccomp', arch, 'apply-seccomp') : undefined;
    const { bwrap, socat, rg } = paths.found;
    if (socat) this.socat = socat;
    const seccomp = applyPath && existsSync(applyPath) ? applyPath : undefined;
    if (library) {
      const settings: LibrarySettings = {
        entry: library.entry,
        bwrapPath: bwrap,
        socatPath: socat,
        rgPath: rg,
        applyPath: seccomp,
      };
      this.anyNetwork = new AnyNetworkSandbox(settings);
    }
    const before = signalListeners();
    await SandboxManager.initialize({
      network: { allowedDomains: [], deniedDomains: [] },
      filesystem: { denyRead: [], allowRead: [], allowWrite: [], denyWrite: [] },
      // The library looks for dangerous files below the host's working directory on every start: one level is enough.
      mandatoryDenySearchDepth: 1,
      ...(bwrap ? { bwrapPath: bwrap } : {}),
      ...(socat ? { socatPath: socat } : {}),
      ...(rg ? { ripgrep: { command: rg } } : {}),
      ...(seccomp ? { seccomp: { applyPath: seccomp } } : {}),
    });
    // The library ends its proxies on SIGINT and SIGTERM, which would keep the host from stopping its own way. (The
    // host listens for them before any server starts, so only the library's own are added while it starts.)
    dropAddedListeners(before);
    this.manager = SandboxManager;
    if (this.stopped) {
      await SandboxManager.reset();
      return { ok: false, reason: 'unsupported', message: 'Switchboard is stopping.' };
    }
    SandboxManager.getSandboxViolationStore().subscribe(() => this.violations());
    return { ok: true };
  }

  /** Tells each start the connections blocked for it since last time. */
  private violations(): void {
    const store = this.manager?.getSandboxViolationStore();
    if (!store) return;
    const total = store.getTotalCount();
    const fresh = store.getViolations(Math.min(total - this.seen, store.getCount()));
    this.seen = total;
    for (const violation of fresh) {
      const listener = violation.command ? this.listeners.get(violation.command) : undefined;
      listener?.(violation.line);
    }
  }
}

/** `exec` in front: bwrap replaces the shell, so it dies with the host and ends its whole sandbox with it. */
function execArgv(argv: readonly string[]): string[] {
  return [argv[0] ?? '/bin/sh', '-c', `exec ${argv[2] ?? ''}`];
}

/** The programs the Linux sandbox runs, by full path (the library would look each up with `which`). */
function linuxPrograms(
  find: (name: string) => string | undefined,
):
  | { ok: true; found: { bwrap?: string; socat?: string; rg?: string } }
  | { ok: false; status: RuntimeStatus } {
  const found = { bwrap: find('bwrap'), socat: find('socat'), rg: find('rg') };
  const missing = [
    ...(found.bwrap ? [] : ['bubblewrap']),
    ...(found.socat ? [] : ['socat']),
    ...(found.rg ? [] : ['ripgrep']),
  ];
  if (missing.length === 0) return { ok: true, found };
  const names = missing.join(', ').replace(/, ([^,]*)$/, ' and $1');
  return {
    ok: false,
    status: {
      ok: false,
      reason: 'missing',
      message: `The sandbox needs ${names}, which ${missing.length === 1 ? 'is' : 'are'} not installed. ${INSTALL_ADVICE}`,
    },
  };
}

type Listener = (...args: never[]) => unknown;
type Listeners = Record<'SIGINT' | 'SIGTERM', Listener[]>;

function signalListeners(): Listeners {
  return {
    SIGINT: process.listeners('SIGINT') as Listener[],
    SIGTERM: process.listeners('SIGTERM') as Listener[],
  };
}

function dropAddedListeners(before: Listeners): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    for (const listener of process.listeners(signal)) {
      if (!before[signal].includes(listener as Listener))
        process.removeListener(signal, listener as () => void);
    }
  }
}
