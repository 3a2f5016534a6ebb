// Who browser mode lets in: requests naming the address it serves (no DNS rebinding), and sockets from its own page with the run's token.
import type { IncomingMessage } from 'node:http';
import { tokenOfProtocols, WS_PATH } from '../../shared/channels';
import { tokenMatches } from './token';

/** The refusal for a request whose Host header is not `served` (`127.0.0.1:PORT`), else undefined. */
export function hostRefusal(request: IncomingMessage, served: string): string | undefined {
  return request.headers.host === served ? undefined : '421 Misdirected Request';
}

/**
 * The HTTP status line refusing a WebSocket upgrade, or undefined to let it in: the right path and
 * Host, the page's own Origin, and the token among the offered subprotocols.
 */
export function socketRefusal(request: IncomingMessage, served: string, token: string): string | undefined {
  const hostProblem = hostRefusal(request, served);
  if (hostProblem) return hostProblem;
  if (new URL(request.url ?? '/', `http://${served}`).pathname !== WS_PATH) return '404 Not Found';
  if (!tokenMatches(tokenOfProtocols(offeredProtocols(request)), token)) return '401 Unauthorized';
  if (request.headers.origin !== `http://${served}`) return '403 Forbidden';
  return undefined;
}

function offeredProtocols(request: IncomingMessage): string[] {
  return (request.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((protocol) => protocol.trim())
    .filter(Boolean);
}
