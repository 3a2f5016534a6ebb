// The built-in servers' transport where the app forks them: JSON-RPC as text messages on the child's channel.
import { type JSONRPCMessage, SdkError, SdkErrorCode, type Transport } from '@modelcontextprotocol/client';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import type { StdioServerEntry } from '../../../shared/types';
import { textOf } from '../../errors';
import type { BuiltinChild, ForkBuiltin } from './builtin';
import { readChannelMessage, transportSink } from './jsonRpcFrames';
import type { Launcher } from './launcher';
import { descendantsOf, isAlive, terminate } from './processTree';
import { launcherKey, readLines, type StdioHooks } from './stdio';

const GRACE_MS = 2000;
const STDERR_GRACE_MS = 200;

/** Speaks to a forked built-in server; it reports its process like the stdio transport does. */
export class PortTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private child: BuiltinChild | undefined;
  private exited = false;
  private closed = false;
  private closing: Promise<void> | undefined;
  private readonly frames = transportSink(this, (text) => this.hooks.onStdoutNoise(text));

  constructor(
    private readonly script: string,
    private readonly entry: StdioServerEntry,
    private readonly fork: ForkBuiltin,
    private readonly hooks: StdioHooks,
  ) {}

  /** Present, with `pid`, so the SDK treats this like a local process (a silent probe means a legacy server). */
  get stderr(): null {
    return null;
  }

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  start(): Promise<void> {
    if (this.child) throw new Error('This transport was already started.');
    return new Promise((resolve, reject) => {
      let started = false;
      let stderrSettled: Promise<void> = Promise.resolve();
      const options = {
        args: this.entry.args ?? [],
        env: { ...getDefaultEnvironment(), ...this.entry.env },
        cwd: this.entry.cwd,
      };
      try {
        this.child = this.fork(this.script, options, {
          spawned: (pid) => {
            started = true;
            this.hooks.onSpawn(pid);
            resolve();
          },
          message: (data) => readChannelMessage(data, this.frames),
          exited: (code) => {
            this.exited = true;
            if (!started) reject(new Error(`it exited at once (code ${code ?? 'unknown'})`));
            const settled = Promise.race([stderrSettled, delay(STDERR_GRACE_MS)]);
            this.hooks.onExit({ code, signal: null }, settled);
            void settled.then(() => this.finish());
          },
          failed: (error) => {
            if (!started) reject(error);
            this.onerror?.(error);
          },
        });
      } catch (error) {
        reject(error);
        return;
      }
      stderrSettled = readLines(this.child.stderr, this.hooks.onStderrLine);
      void readLines(this.child.stdout, this.hooks.onStdoutNoise);
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const child = this.child;
    if (!child || this.closed || this.exited) {
      return Promise.reject(new SdkError(SdkErrorCode.NotConnected, 'Not connected'));
    }
    try {
      child.post(JSON.stringify(message));
      return Promise.resolve();
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** Ends the server: SIGTERM (it stops its watchers and exits), then SIGKILL, to it and anything it started. */
  close(): Promise<void> {
    this.closing ??= this.end();
    return this.closing;
  }

  private async end(): Promise<void> {
    const pid = this.child?.pid;
    if (pid !== undefined && pid > 0 && !this.exited && isAlive(pid)) {
      const tree = await descendantsOf(pid);
      await terminate([pid, ...tree], GRACE_MS);
    }
    this.finish();
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }
}

/** Starts the built-in `entry` from `script` with `fork` and speaks JSON-RPC over its message channel. */
export function portLauncher(entry: StdioServerEntry, script: string, fork: ForkBuiltin): Launcher {
  return {
    label: entry.command,
    key: launcherKey(entry),
    slowStartAdvice: { id: 'host.servers.slowStartBuiltin' },
    open: async (hooks) =>
      new PortTransport(script, entry, fork, {
        onStderrLine: (line) => hooks.log('stderr', 'info', line),
        onStdoutNoise: (line) => hooks.log('stdout', 'warning', line),
        onSpawn: hooks.spawned,
        onExit: hooks.exited,
      }),
    explain: (error) => ({
      id: 'host.servers.couldNotStartBuiltin',
      values: { command: entry.command, error: textOf(error) },
    }),
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
