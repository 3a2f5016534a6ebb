// The transport seam: what a connection needs of a way to reach its server, so it does not care which way it is.
import type { Transport } from '@modelcontextprotocol/client';
import type { HostText } from '../../../shared/hostText';
import type { LogLevel } from '../../../shared/types';
import type { Broken, HttpRecord } from './httpFetch';

/** How a local server's process ended. */
export type ProcessExit = { code: number | null; signal: NodeJS.Signals | null };

export type LaunchHooks = {
  /** A line the server wrote outside the protocol (stderr, or stdout that is not JSON-RPC). */
  log: (source: 'stderr' | 'stdout', level: LogLevel, text: string) => void;
  /** A local server's process started. */
  spawned: (pid: number) => void;
  /** A local server's process ended; `settled` resolves once its last output is in. */
  exited: (exit: ProcessExit, settled: Promise<void>) => void;
  /** A remote server's HTTP request, secrets masked, for the protocol log. */
  http: (record: HttpRecord) => void;
  /** A remote connection broke: the network failed, or the server forgot the session. */
  broken: (problem: Broken) => void;
  /** A line of the host's own about this server (what its sandbox blocked). */
  note?: (level: LogLevel, text: string) => void;
};

/** Opens transports to one configured server. */
export interface Launcher {
  /** What the server is, for messages: its command line or its URL (as configured, secrets unfilled). */
  readonly label: string;
  /** A stable key for what is remembered about this server (the negotiated protocol era). */
  readonly key: string;
  /** Before the start's clock runs: fills in `${env:…}` and `${input:…}` (which may wait for the person). */
  prepare?(): Promise<void>;
  /** A new, unstarted transport; the SDK client starts it. */
  open(hooks: LaunchHooks): Promise<Transport>;
  /** A failure to start, in plain words. */
  explain(error: unknown): HostText;
  /** What to check when the server does not finish starting in time. */
  readonly slowStartAdvice: HostText;
  /** Hides the secret values this launcher filled in (after `prepare`), for logged text. */
  mask?(text: string): string;
  /** A remote server: the transport the last `open` used. */
  readonly via?: 'http' | 'sse';
  /** After a failed start: true when the launcher switched to another transport worth trying at once. */
  fallback?(error: unknown): boolean;
  /** After the process exited during its start: what it could not reach, where that is known (a sandboxed server). */
  exitHint?(): HostText | undefined;
}
