// Errors the host raises on purpose: each has a code the renderer can branch on and a message a person can read.

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
  constructor(
    readonly code: FaultCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'HostFault';
  }
}

/** The message of anything thrown, for a person to read. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : JSON.stringify(error);
}

/** The first line of a message, cut to 300 characters. */
export function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
