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

/** The close codes the host uses when it refuses what a page sent, each by name (the page words it in its language). */
const CLOSE_NAMES = {
  1002: 'protocol',
  1003: 'notJson',
  1007: 'notUtf8',
  1009: 'tooLarge',
  1011: 'failed',
} as const;

export type CloseName = (typeof CLOSE_NAMES)[keyof typeof CLOSE_NAMES];

/** The frame limit in MB, as the refusal of a too large frame names it. */
export const MAX_FRAME_MB = MAX_FRAME_BYTES / 1024 / 1024;

const CLOSE_REASONS: Record<CloseName, string> = {
  // i18n-ignore: the close frame’s reason; the page words it by code
  protocol: 'The host received a frame that breaks the WebSocket protocol.',
  // i18n-ignore: the close frame’s reason; the page words it by code
  notJson: 'Frames must be JSON.',
  // i18n-ignore: the close frame’s reason; the page words it by code
  notUtf8: 'The host received text that is not valid UTF-8.',
  // i18n-ignore: the close frame’s reason; the page words it by code
  tooLarge: `That message was too large for the host (limit ${MAX_FRAME_MB} MB).`,
  // i18n-ignore: the close frame’s reason; the page words it by code
  failed: 'The host could not handle that message.',
};

/** The name of a close code the host uses when it refuses what a page sent; undefined for any other code. */
export function closeName(code: number | undefined): CloseName | undefined {
  return code === undefined ? undefined : (CLOSE_NAMES as Record<number, CloseName>)[code];
}

/** Plain English words for a close code the host uses when it refuses what a page sent (the close frame's reason). */
export function closeReason(code: number | undefined): string | undefined {
  const name = closeName(code);
  return name === undefined ? undefined : CLOSE_REASONS[name];
}
