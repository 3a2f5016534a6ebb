// The stdio transport: spawns a server in its own process group and reports stderr, stray stdout and its exit.
import type { ChildProcess } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import {
  type JSONRPCMessage,
  SdkError,
  SdkErrorCode,
  serializeMessage,
  type Transport,
} from '@modelcontextprotocol/client';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import spawn from 'cross-spawn';
import type { HostText } from '../../../shared/hostText';
import type { StdioServerEntry } from '../../../shared/types';
import { textOf } from '../../errors';
import { type BuiltinScripts, resolveBuiltin } from './builtin';
import { LineFrames, transportSink } from './jsonRpcFrames';
import type { Launcher, ProcessExit } from './launcher';
import { pathForCommand } from './loginPath';
import { descendantsOf, isAlive, terminate } from './processTree';

export type StdioHooks = {
  onStderrLine: (line: string) => void;
  /** A stdout line that is not JSON-RPC (a banner, a stray print). */
  onStdoutNoise: (line: string) => void;
  onSpawn: (pid: number) => void;
  /** Called at once on exit; `stderrSettled` resolves when the last stderr lines are in. */
  onExit: (exit: ProcessExit, stderrSettled: Promise<void>) => void;
};

const POSIX = process.platform !== 'win32';
const GRACE_MS = 2000;
const STDERR_GRACE_MS = 200;
/** The longest stderr line kept (the log keeps less of it still). */
const MAX_STDERR_LINE = 64 * 1024;

/**
 * A stdio transport of our own: the SDK probes the protocol era in place on it (no second process),
 * and its process group lets a stop end wrappers like `npx` together with the server they started.
 */
export class StdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private child: ChildProcess | undefined;
  private readonly frames = new LineFrames(transportSink(this, (line) => this.hooks.onStdoutNoise(line)));
  private closed = false;
  private closing: Promise<void> | undefined;

  constructor(
    private readonly entry: StdioServerEntry,
    private readonly path: string,
    private readonly hooks: StdioHooks,
  ) {}

  /** Present so the SDK treats this as a stdio transport (a silent probe means a legacy server). */
  get stderr(): null {
    return null;
  }

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  start(): Promise<void> {
    if (this.child) throw new Error('This transport was already started.');
    return new Promise((resolve, reject) => {
      const child = spawn(this.entry.command, this.entry.args ?? [], {
        env: { ...getDefaultEnvironment(), PATH: this.path, ...this.entry.env },
        cwd: this.entry.cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: POSIX,
        windowsHide: true,
      });
      this.child = child;
      const stderrSettled = readLines(child.stderr, this.hooks.onStderrLine);
      child.once('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.once('spawn', () => {
        if (child.pid !== undefined) this.hooks.onSpawn(child.pid);
        resolve();
      });
      child.once('exit', (code, signal) => {
        const settled = Promise.race([stderrSettled, delay(STDERR_GRACE_MS)]);
        this.hooks.onExit({ code, signal }, settled);
      });
      child.once('close', () => this.finish());
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => this.frames.push(chunk));
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || this.closed)
      return Promise.reject(new SdkError(SdkErrorCode.NotConnected, 'Not connected'));
    return new Promise((resolve) => {
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  /** Ends the server as the spec asks: close stdin, then SIGTERM, then SIGKILL, to the whole tree. */
  close(): Promise<void> {
    this.closing ??= this.end();
    return this.closing;
  }

  private async end(): Promise<void> {
    const child = this.child;
    if (!child) return this.finish();
    const pid = child.pid;
    const tree = pid !== undefined && isAlive(pid) ? await descendantsOf(pid) : [];
    const exited = child.exitCode !== null || child.signalCode !== null;
    const gone = exited
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.stdin?.end();
    await Promise.race([gone, delay(GRACE_MS)]);
    if (pid !== undefined) {
      await terminate([pid, ...tree], GRACE_MS, POSIX ? pid : undefined);
    }
    this.finish();
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.frames.clear();
    this.onclose?.();
  }
}

/** A transport for `entry` with the person's login PATH. */
export async function createStdioTransport(
  entry: StdioServerEntry,
  hooks: StdioHooks,
): Promise<StdioTransport> {
  const separator = POSIX ? ':' : ';';
  return new StdioTransport(entry, await pathForCommand(entry.command, process.env.PATH, separator), hooks);
}

/** Starts `entry` as a local process (built-ins on the app's own runtime) and speaks JSON-RPC over its stdio. */
export function stdioLauncher(entry: StdioServerEntry, scripts: BuiltinScripts | undefined): Launcher {
  const label = commandLine(entry);
  return {
    label,
    key: launcherKey(entry),
    slowStartAdvice: { id: 'host.servers.slowStartCommand', values: { label } },
    open: (hooks) =>
      createStdioTransport(resolveBuiltin(entry, scripts), {
        onStderrLine: (line) => hooks.log('stderr', 'info', line),
        onStdoutNoise: (line) => hooks.log('stdout', 'warning', line),
        onSpawn: hooks.spawned,
        onExit: hooks.exited,
      }),
    explain(error): HostText {
      const code = (error as NodeJS.ErrnoException).code;
      const { command } = entry;
      if (code === 'ENOENT') return { id: 'host.servers.noSuchCommand', values: { command } };
      if (code === 'EACCES') return { id: 'host.servers.notExecutable', values: { command } };
      return { id: 'host.servers.couldNotStartCommand', values: { label, error: textOf(error) } };
    },
  };
}

/** The key under which what was learnt about a local server (its protocol era) is remembered. */
export function launcherKey(entry: StdioServerEntry): string {
  return JSON.stringify([entry.command, entry.args ?? [], entry.cwd ?? '']);
}

/** The command line as a person would type it, for messages. */
export function commandLine(entry: StdioServerEntry): string {
  return [entry.command, ...(entry.args ?? [])]
    .map((part) => (/\s/.test(part) ? JSON.stringify(part) : part))
    .join(' ');
}

/** Calls `onLine` per line of `stream`; a line longer than `MAX_STDERR_LINE` is cut there and the rest of it skipped. */
export function readLines(
  stream: NodeJS.ReadableStream | null,
  onLine: (line: string) => void,
): Promise<void> {
  return new Promise((resolve) => {
    if (!stream) return resolve();
    const decoder = new StringDecoder('utf8');
    let partial = '';
    let skipping = false;
    const take = (text: string) => {
      const lines = (partial + text).split(/\r?\n/);
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (skipping) skipping = false;
        else onLine(line);
      }
      if (partial.length > MAX_STDERR_LINE) {
        if (!skipping)
          onLine(`${partial.slice(0, MAX_STDERR_LINE)}… (the rest of this very long line was skipped)`);
        partial = '';
        skipping = true;
      }
    };
    stream.on('data', (chunk: Buffer) => take(decoder.write(chunk)));
    stream.on('end', () => {
      take(decoder.end());
      if (partial && !skipping) onLine(partial);
      resolve();
    });
    stream.on('error', () => resolve());
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
