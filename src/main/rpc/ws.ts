// The browser-mode transport: the contract over one WebSocket, behind a token and an Origin check.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { type EventFrame, WS_PATH, type WsReply, type WsRequest } from '../../shared/channels';
import { EVENT_NAMES } from '../../shared/contract';
import type { Host } from '../host';
import type { Dispatch } from './dispatch';

const MAX_FRAME_BYTES = 16 * 1024 * 1024;

export type SocketOptions = {
  /** Whether the request carries the run's token (in the query or the cookie). */
  authorized: (request: IncomingMessage) => boolean;
  origin: () => string;
  dispatch: Dispatch;
  host: Host;
};

export function attachWebSocket(server: Server, options: SocketOptions): WebSocketServer {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const refusal =
      url.pathname !== WS_PATH
        ? '404 Not Found'
        : !options.authorized(request)
          ? '401 Unauthorized'
          : request.headers.origin !== options.origin()
            ? '403 Forbidden'
            : undefined;
    if (refusal) {
      socket.end(`HTTP/1.1 ${refusal}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => serve(ws, options));
  });
  return sockets;
}

function serve(ws: WebSocket, { dispatch, host }: SocketOptions): void {
  const send = (frame: WsReply | EventFrame) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
  };
  const unsubscribers = EVENT_NAMES.map((event) => host.on(event, (payload) => send({ event, payload })));
  ws.on('close', () => {
    for (const off of unsubscribers) off();
  });
  ws.on('message', async (data) => {
    let request: WsRequest;
    try {
      request = JSON.parse(data.toString()) as WsRequest;
    } catch {
      ws.close(1003, 'Frames must be JSON');
      return;
    }
    if (typeof request?.id !== 'number') return;
    send({ id: request.id, reply: await dispatch(request.name, request.args) });
  });
}
