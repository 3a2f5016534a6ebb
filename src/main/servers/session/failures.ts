// How a server's failures read to a person: exits, slow starts and start errors.
import type { ConnectionFailure } from '../../../shared/types';
import { firstLine, HostFault, messageOf } from '../../errors';
import type { Launcher, ProcessExit } from '../transport/launcher';

/** A start that did not finish within its time. */
export class InitTimeout extends Error {}

/** How long a starting server may go on writing text that is not MCP on stdout without one MCP message. */
export const STRAY_OUTPUT_GRACE_MS = 3000;

/** A start that got only text that is not MCP on stdout; `line` is the first of it. */
export class NotMcpOutput extends Error {
  constructor(readonly line: string) {
    super('The server wrote text that is not MCP on stdout.');
  }
}

/**
 * Watches a start's stdout: after text that is not MCP, `lose` is called with `NotMcpOutput` unless an MCP
 * message comes within `graceMs` (a server that prints a banner and then speaks MCP is fine).
 */
export function watchStrayOutput(lose: (error: NotMcpOutput) => void, graceMs = STRAY_OUTPUT_GRACE_MS) {
  let heard = false;
  let timer: NodeJS.Timeout | undefined;
  return {
    noise(line: string): void {
      if (heard || timer || line.trim() === '') return;
      timer = setTimeout(() => lose(new NotMcpOutput(line)), graceMs);
      timer.unref();
    },
    heard(): void {
      heard = true;
      clearTimeout(timer);
    },
  };
}

export function exitFailure(name: string, exit: ProcessExit): ConnectionFailure {
  const how = exit.signal ? `was ended by ${exit.signal}` : `exited with code ${exit.code}`;
  return { message: `"${name}" ${how}.`, exitCode: exit.code, signal: exit.signal, stderrTail: [] };
}

/** True when `error` or `exit` says the command was not found or cannot run: only the person can fix that. */
export function commandMissing(error: unknown, exit: ProcessExit | undefined): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'EACCES' || exit?.code === 127;
}

/** Why a start failed, in plain words: how the process ended, the time running out, or the launcher's account. */
export function startFailure(
  name: string,
  error: unknown,
  exit: ProcessExit | undefined,
  timeoutMs: number,
  launcher: Pick<Launcher, 'explain' | 'slowStartAdvice' | 'exitHint'>,
): ConnectionFailure {
  if (exit) {
    const failure = exitFailure(name, exit);
    const hint = launcher.exitHint?.();
    return hint ? { ...failure, message: `${failure.message} ${hint}` } : failure;
  }
  const message =
    error instanceof InitTimeout
      ? `"${name}" did not finish starting within ${seconds(timeoutMs)}. ${launcher.slowStartAdvice}`
      : error instanceof NotMcpOutput
        ? `"${name}" wrote text that is not MCP on stdout: “${firstLine(error.line)}”. An MCP server writes only JSON-RPC messages on stdout (its own output belongs on stderr): check that its command starts it in stdio mode, and see its log.`
        : (startOverflow(name, error) ?? launcher.explain(error));
  return { message, stderrTail: [] };
}

export function seconds(ms: number): string {
  return ms < 10_000 ? `${Math.round(ms / 100) / 10} s` : `${Math.round(ms / 1000)} s`;
}

const TOO_DEEP = 'JSON nested too deeply to read; the server may be broken.';

/** True when reading what a server sent overflowed the stack (JSON nested thousands of levels deep). */
export function overflowed(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/** Why a start failed on a message nested too deep, or undefined for any other error. */
export function startOverflow(name: string, error: unknown): string | undefined {
  return overflowed(error) ? `"${name}" sent ${TOO_DEEP}` : undefined;
}

/** A failed tool call in plain words: cancelled, timed out, or what the server said. */
export function callFailure(
  error: unknown,
  server: string,
  tool: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Error {
  if (error instanceof HostFault) return error;
  if (signal?.aborted) return new HostFault('cancelled', `The call to ${tool} was cancelled.`);
  if (overflowed(error)) {
    return new HostFault('server_error', `${tool} on "${server}" answered with ${TOO_DEEP}`, {
      cause: error,
    });
  }
  const message = messageOf(error);
  if (/timed? ?out/i.test(message)) {
    return new HostFault('timeout', `${tool} on "${server}" did not answer within ${seconds(timeoutMs)}.`);
  }
  return new HostFault('server_error', `${tool} on "${server}" failed: ${message}`, { cause: error });
}

/** What the restart policy made of a failure, for its message. */
export type FailureCount = {
  /** How long the server had been running, when the failure came soon after a successful start. */
  earlyAfterMs?: number;
  /** Failures in a row, this one included. */
  inARow: number;
  /** True when automatic restarts stop with this failure. */
  gaveUp: boolean;
};

/** The failure's message with what the restart policy decided: a crash soon after starting, and giving up. */
export function countedMessage(message: string, count: FailureCount): string {
  const parts = [message];
  if (count.earlyAfterMs !== undefined) {
    parts.push(
      `It stopped ${seconds(count.earlyAfterMs)} after starting, soon enough to count as a failed start.`,
    );
  }
  if (count.gaveUp) {
    parts.push(
      `It failed ${count.inARow} times in a row, so Switchboard stopped restarting it: fix the problem, then press Restart.`,
    );
  }
  return parts.join(' ');
}
