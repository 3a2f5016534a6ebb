// Names and frames of the two transports that carry the contract.

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
