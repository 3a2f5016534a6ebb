// The browser-mode transport: the contract over one WebSocket per page; what a page sends can close its socket, never the host.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RawData, WebSocket, WebSocketServer } from 'ws';
import {
  closeReason,
  type EventFrame,
  MAX_FRAME_BYTES,
  WS_PROTOCOL,
  type WsReply,
} from '../../shared/channels';
import { messageOf } from '../errors';
import { tryStringify } from '../json/bounded';
import type { Dispatch } from './dispatch';
import { type EventSource, linkPage } from './pageEvents';
import type { PagePresence } from './presence';

export type SocketOptions = {
  /** The HTTP status line refusing this upgrade (token, Origin, Host, path), or undefined to let it in. */
  refusal: (request: IncomingMessage) => string | undefined;
  dispatch: Dispatch;
  events: EventSource;
  /** Told when pages come and go. */
  presence?: PagePresence;
  /** Where problems with a page's connection are reported (stderr in browser mode). */
  onProblem?: (message: string) => void;
};

/** The pages' sockets: `disconnectAll` drops every open one (each page reconnects by itself). */
export type PageSockets = { disconnectAll(): void; close(): void };

/**
 * Serves the contract on `server`'s upgrades. `ws` and what it loads (zlib, TLS) are read when the first
 * page connects, not while servers start; a refused upgrade never loads them.
 */
export function attachWebSocket(server: Server, options: SocketOptions): PageSockets {
  let sockets: Promise<WebSocketServer> | undefined;
  const socketServer = () =>
    (sockets ??= import('ws').then(
      ({ WebSocketServer }) =>
        new WebSocketServer({
          noServer: true,
          maxPayload: MAX_FRAME_BYTES,
          handleProtocols: (protocols) => (protocols.has(WS_PROTOCOL) ? WS_PROTOCOL : false),
        }),
    ));
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A client that resets mid-handshake must not become an unhandled 'error'.
    socket.on('error', () => {});
    const refusal = options.refusal(request);
    if (refusal) {
      socket.end(`HTTP/1.1 ${refusal}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    socketServer().then(
      (open) => open.handleUpgrade(request, socket, head, (ws) => serve(ws, options)),
      (error: unknown) => {
        options.onProblem?.(`The page's socket could not be opened: ${messageOf(error)}`);
        socket.destroy();
      },
    );
  });
  const terminateAll = (open: WebSocketServer) => {
    for (const ws of open.clients) ws.terminate();
  };
  return {
    // A socket server that could not be made was reported at the upgrade that wanted it: no sockets.
    disconnectAll: () => void sockets?.then(terminateAll, () => {}),
    // As above: nothing to close.
    close: () =>
      void sockets?.then(
        (open) => {
          terminateAll(open);
          open.close();
        },
        () => {},
      ),
  };
}

function serve(ws: WebSocket, options: SocketOptions): void {
  const report = options.onProblem ?? (() => {});
  explainCloses(ws);
  // ws closes the socket itself (1009, 1007, 1002 …) and then reports here; the host only notes it.
  ws.on('error', (error) => report(`A page's connection was closed: ${messageOf(error)}`));
  const sendText = (text: string): boolean => {
    if (ws.readyState !== ws.OPEN) return false;
    ws.send(text);
    return true;
  };
  const page = linkPage(
    options.events,
    (frame: EventFrame) => {
      const text = tryStringify(frame);
      if (text === undefined) {
        report(`A ${frame.event} event was too large to send to the page; it was dropped.`);
        return false;
      }
      return sendText(text);
    },
    report,
  );
  const leave = options.presence?.arrived();
  ws.on('close', () => {
    page.dispose();
    leave?.();
  });
  const reply = (id: number, answer: WsReply['reply']) => {
    const text =
      tryStringify({ id, reply: answer } satisfies WsReply) ??
      JSON.stringify({
        id,
        reply: {
          ok: false,
          error: { code: 'too_large', message: 'The answer was too large to send to the page.' },
        },
      } satisfies WsReply);
    sendText(text);
  };
  ws.on('message', (data: RawData, isBinary: boolean) => {
    void receive(data, isBinary).catch((error: unknown) => {
      report(`A page's message could not be handled: ${messageOf(error)}`);
      ws.close(1011);
    });
  });

  async function receive(data: RawData, isBinary: boolean): Promise<void> {
    let request: unknown;
    try {
      if (isBinary) throw new Error('binary frame');
      request = JSON.parse(data.toString());
    } catch {
      ws.close(1003);
      return;
    }
    if (typeof request !== 'object' || request === null) return;
    const { id, name, args } = request as { id?: unknown; name?: unknown; args?: unknown };
    if (typeof id !== 'number') return;
    reply(id, await options.dispatch(name, args, page.caller));
  }
}

/** Gives every close the host makes without words (ws's own on a bad frame) the plain-words reason of its code. */
function explainCloses(ws: WebSocket): void {
  const close = ws.close.bind(ws);
  ws.close = (code?: number, reason?: string | Buffer) => {
    const words = reason === undefined || reason.length === 0 ? closeReason(code) : reason;
    close(code, words);
  };
}
