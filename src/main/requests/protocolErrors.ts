// The JSON-RPC errors the host answers servers' requests with, and how a lost connection looks.
import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';

/** The code MCP gives a request the person turned down. */
export const USER_REJECTED = -1;
/** Too many requests from one server at once (an implementation-defined JSON-RPC error). */
export const TOO_MANY_REQUESTS = -32000;

export function userRejected(): ProtocolError {
  return new ProtocolError(USER_REJECTED, 'User rejected sampling request');
}

/** A sampling request still open when the window closed: the person never approved it. */
export function closedBeforeAnswer(): ProtocolError {
  return new ProtocolError(
    USER_REJECTED,
    'User rejected sampling request: Switchboard closed before anyone answered.',
  );
}

export function tooManyRequests(message: string): ProtocolError {
  return new ProtocolError(TOO_MANY_REQUESTS, message);
}

export function invalidParams(message: string): ProtocolError {
  return new ProtocolError(ProtocolErrorCode.InvalidParams, message);
}

/** Why a request left: the server cancelled it, or its connection closed. */
export function abortKind(signal: AbortSignal): 'cancelled' | 'server-gone' {
  const reason: unknown = signal.reason;
  return SdkError.isInstance(reason) && reason.code === SdkErrorCode.ConnectionClosed
    ? 'server-gone'
    : 'cancelled';
}

/** What a handler throws once its request left without an answer (the SDK sends nothing then). */
export function requestGone(kind: 'cancelled' | 'server-gone' | 'rejected'): ProtocolError {
  if (kind === 'rejected') return userRejected();
  return new ProtocolError(
    ProtocolErrorCode.InternalError,
    kind === 'server-gone'
      ? 'The server went away before the person answered.'
      : 'The request was cancelled.',
  );
}
