// Errors the host raises on purpose: each has a code the renderer can branch on and a message a person can read.
import { formatHostText, type HostText, type HostTextValue, isHostText } from '../shared/hostText';

export type { HostText };

export type FaultCode =
  | 'invalid_input'
  | 'unknown_command'
  | 'not_found'
  | 'not_running'
  | 'not_approved'
  | 'server_exited'
  | 'timeout'
  | 'cancelled'
  | 'unsupported'
  | 'server_error'
  | 'config_invalid'
  | 'config_changed'
  | 'forbidden'
  | 'gone'
  | 'too_large'
  | 'internal';

export class HostFault extends Error {
  /** The message as an id in the host catalogue with its values, so the page can show it in the person's language. */
  readonly text?: HostText;

  constructor(
    readonly code: FaultCode,
    message: string | HostText,
    options?: { cause?: unknown },
  ) {
    super(typeof message === 'string' ? message : formatHostText(message), options);
    this.name = 'HostFault';
    if (typeof message !== 'string') this.text = message;
  }
}

/** The message of anything thrown, for a person to read. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : JSON.stringify(error);
}

/** The message of anything thrown, as a value of a host message: by id where the host wrote it, else as written. */
export function textOf(error: unknown): HostTextValue | HostText {
  const text = error instanceof Error ? (error as { text?: unknown }).text : undefined;
  return isHostText(text) ? text : messageOf(error);
}

/** The first line of a message, cut to 300 characters. */
export function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
