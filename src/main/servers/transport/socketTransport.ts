// Streamable HTTP to a server on a local socket or named pipe: which platform has which, the transport, and its failures in plain words.
import { StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import type { HostText } from '../../../shared/hostText';
import { type SocketAddress, socketAddressText } from '../../../shared/socketAddress';
import { type FetchWatch, watchedFetch } from './httpFetch';
import { socketFetch } from './socketFetch';

/** Why this system cannot reach `address`; undefined when it can. */
export function socketPlatformProblem(
  address: SocketAddress,
  platform = process.platform,
): HostText | undefined {
  if (address.kind === 'pipe' && platform !== 'win32') return { id: 'host.address.pipeNotHere' };
  if (address.kind === 'unix' && platform === 'win32') return { id: 'host.address.unixNotHere' };
  return undefined;
}

/** A Streamable HTTP transport whose requests go through the socket; closing it closes the socket's connections. */
export function socketTransport(
  address: SocketAddress,
  url: URL,
  watch: Omit<FetchWatch, 'serverUrl' | 'shown'>,
): Transport {
  const socket = socketFetch(address.path);
  const fetch = watchedFetch(
    {
      ...watch,
      serverUrl: url,
      shown: (target) => socketAddressText(address, target.pathname + target.search),
    },
    socket.fetch,
  );
  const transport = new StreamableHTTPClientTransport(url, { fetch, onInsufficientScope: 'throw' });
  const close = transport.close.bind(transport);
  transport.close = async () => {
    try {
      await close();
    } finally {
      await socket.close();
    }
  };
  return transport;
}

/** A failure to reach a socket server, in plain words; undefined for failures that are not the socket's. */
export function explainSocket(address: SocketAddress, code: string | undefined): HostText | undefined {
  const values = { kind: address.kind === 'unix' ? 'unix' : 'pipe', path: address.path };
  if (code === 'ENOENT') return { id: 'host.servers.noSocket', values };
  if (code === 'ECONNREFUSED') return { id: 'host.servers.socketNotListening', values };
  if (code === 'EACCES' || code === 'EPERM') return { id: 'host.servers.socketNotAllowed', values };
  if (code === 'ENOTSOCK' || code === 'EINVAL')
    return { id: 'host.servers.notASocket', values: { path: address.path, code } };
  return undefined;
}
