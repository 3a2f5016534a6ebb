// Names, frames and limits of the two transports that carry the contract.

/** Electron IPC channels. */
export const IPC_INVOKE = 'host:invoke';
export const IPC_EVENT = 'host:event';

/** WebSocket path in browser mode. */
export const WS_PATH = '/host';

/** Renderer → host over the WebSocket. */
export type WsRequest = { id: number; name: string; args: unknown };
/** Host → renderer over the WebSocket (and the Electron event channel). */
export type WsReply = { id: number; reply: import('./contract').Reply<unknown> };
export type EventFrame = { event: string; payload: unknown };

/** The largest frame the host takes from a page; a larger one closes the socket (code 1009). */
export const MAX_FRAME_BYTES = 16 * 1024 * 1024;

/**
 * The subprotocol page and host speak. The page offers a second one carrying the run's token
 * (`Sec-WebSocket-Protocol` reaches only the host's own origin, unlike a cookie); the host answers
 * with this one alone.
 */
export const WS_PROTOCOL = 'switchboard';
const TOKEN_PREFIX = 'switchboard.token.';

/** The protocols a page offers when it opens the socket with `token`. */
export function socketProtocols(token: string): string[] {
  return [WS_PROTOCOL, `${TOKEN_PREFIX}${token}`];
}

/** The token a page offered among its protocols, if any. */
export function tokenOfProtocols(protocols: Iterable<string>): string | undefined {
  for (const protocol of protocols)
    if (protocol.startsWith(TOKEN_PREFIX)) return protocol.slice(TOKEN_PREFIX.length);
  return undefined;
}

const CLOSE_REASONS: Record<number, string> = {
  1002: 'The host received a frame that breaks the WebSocket protocol.',
  1003: 'Frames must be JSON.',
  1007: 'The host received text that is not valid UTF-8.',
  1009: `That message was too large for the host (limit ${MAX_FRAME_BYTES / 1024 / 1024} MB).`,
  1011: 'The host could not handle that message.',
};

/** Plain words for a close code the host uses when it refuses what a page sent. */
export function closeReason(code: number | undefined): string | undefined {
  return code === undefined ? undefined : CLOSE_REASONS[code];
}
