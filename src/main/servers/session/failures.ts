// How a server's failures read to a person: exits, slow starts and start errors.

import { type HostWords, said } from '../../../shared/hostText';
import type { ConnectionFailure } from '../../../shared/types';
import { firstLine, HostFault, type HostText, messageOf } from '../../errors';
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
  return { ...said(exitText(name, exit)), exitCode: exit.code, signal: exit.signal, stderrTail: [] };
}

/** How the server's process ended, as a message for a person. */
export function exitText(name: string, exit: ProcessExit): HostText {
  return exit.signal
    ? { id: 'host.servers.endedBySignal', values: { name, signal: exit.signal } }
    : { id: 'host.servers.exitedWithCode', values: { name, code: String(exit.code) } };
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
    const hint = launcher.exitHint?.();
    const failure = exitFailure(name, exit);
    if (!hint) return failure;
    return {
      ...failure,
      ...said({ id: 'host.servers.withHint', values: { message: exitText(name, exit), hint } }),
    };
  }
  const text: HostText =
    error instanceof InitTimeout
      ? {
          id: 'host.servers.startTimedOut',
          values: { name, seconds: secondsValue(timeoutMs), advice: launcher.slowStartAdvice },
        }
      : error instanceof NotMcpOutput
        ? { id: 'host.servers.notMcpOutput', values: { name, line: firstLine(error.line) } }
        : overflowed(error)
          ? startOverflow(name)
          : launcher.explain(error);
  return { ...said(text), stderrTail: [] };
}

export function seconds(ms: number): string {
  return `${secondsValue(ms)} s`;
}

/** The number of seconds in `ms`, rounded as `seconds` shows it. */
export function secondsValue(ms: number): string {
  return String(ms < 10_000 ? Math.round(ms / 100) / 10 : Math.round(ms / 1000));
}

/** True when reading what a server sent overflowed the stack (JSON nested thousands of levels deep). */
export function overflowed(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/** Why a start failed on a message nested too deep. */
function startOverflow(name: string): HostText {
  return { id: 'host.servers.startTooDeep', values: { name } };
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
  if (signal?.aborted)
    return new HostFault('cancelled', { id: 'host.servers.callCancelled', values: { tool } });
  if (overflowed(error)) {
    return new HostFault(
      'server_error',
      { id: 'host.servers.callTooDeep', values: { tool, server } },
      { cause: error },
    );
  }
  const message = messageOf(error);
  if (/timed? ?out/i.test(message)) {
    return new HostFault('timeout', {
      id: 'host.servers.callTimedOut',
      values: { tool, server, seconds: secondsValue(timeoutMs) },
    });
  }
  return new HostFault(
    'server_error',
    { id: 'host.servers.callFailed', values: { tool, server, error: message } },
    {
      cause: error,
    },
  );
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

/** The failure's words with what the restart policy decided: a crash soon after starting, and giving up. */
export function countedWords(failure: HostWords, count: FailureCount): HostWords {
  const early = count.earlyAfterMs !== undefined;
  if (!early && !count.gaveUp) return { message: failure.message, text: failure.text };
  return said({
    id: 'host.servers.failureCounted',
    values: {
      message: failure.text ?? failure.message,
      early: early ? 'yes' : 'no',
      seconds: early ? secondsValue(count.earlyAfterMs ?? 0) : '',
      gaveUp: count.gaveUp ? 'yes' : 'no',
      count: count.inARow,
    },
  });
}
