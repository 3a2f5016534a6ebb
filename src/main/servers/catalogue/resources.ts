// Reading a server's resources and watching them for changes, on either protocol era.
import { type Client, ResourceNotFoundError } from '@modelcontextprotocol/client';
import type { ResourceReadResult } from '../../../shared/resources';
import { HostFault } from '../../errors';
import type { ServerConnection } from '../session/connection';
import { protocolCode, serverSaysText } from './prompts';

const RESOURCE_NOT_FOUND = -32002;
const INVALID_PARAMS = -32602;

/** An open watch on one URI: a legacy `resources/subscribe` or a 2026-07-28 `subscriptions/listen`. */
type Watch = { close(): Promise<void> };

/**
 * Watches per client, so a restarted server (a new client) starts with none and subscribing twice
 * sends one request. Pending watches are stored too, so two quick subscribes share one request.
 */
const watches = new WeakMap<Client, Map<string, Promise<Watch>>>();

/** Reads a resource; a URI the server does not know comes back as `not_found`. */
export function readResource(connection: ServerConnection, uri: string): Promise<ResourceReadResult> {
  return connection.withClient({ id: 'host.servers.readFailed', values: { uri } }, async (client) => {
    try {
      const result = await client.readResource({ uri }, { cacheMode: 'refresh' });
      return {
        contents: result.contents.map((item) => ({
          uri: item.uri,
          ...(item.mimeType ? { mimeType: item.mimeType } : {}),
          ...('text' in item ? { text: item.text } : { blob: item.blob }),
        })),
      };
    } catch (error) {
      if (isNotFound(error))
        throw new HostFault('not_found', { id: 'host.servers.noResourceAt', values: { uri } });
      if (protocolCode(error) === INVALID_PARAMS) throw new HostFault('invalid_input', serverSaysText(error));
      throw error;
    }
  });
}

/**
 * Asks the server to report changes to `uri` (they arrive through `connection.onDidUpdateResource`).
 * Only for servers that offer resource subscriptions; subscribing again is harmless.
 */
export function subscribe(connection: ServerConnection, uri: string): Promise<void> {
  return connection.withClient({ id: 'host.servers.watchFailed', values: { uri } }, async (client) => {
    if (!client.getServerCapabilities()?.resources?.subscribe) {
      throw new HostFault('unsupported', {
        id: 'host.servers.noChangeReports',
        values: { name: connection.name, uri },
      });
    }
    const open = watchesOf(client);
    const existing = open.get(uri);
    if (existing) {
      await existing;
      return;
    }
    const pending = openWatch(client, uri, () => {
      if (open.get(uri) === pending) open.delete(uri);
    });
    open.set(uri, pending);
    try {
      await pending;
    } catch (error) {
      if (open.get(uri) === pending) open.delete(uri);
      throw error;
    }
  });
}

/** Stops reporting changes to `uri`; a URI that is not watched, or a stopped server, is left alone. */
export async function unsubscribe(connection: ServerConnection, uri: string): Promise<void> {
  if (!connection.isRunning) return;
  return connection.withClient({ id: 'host.servers.unwatchFailed', values: { uri } }, async (client) => {
    const open = watchesOf(client);
    const pending = open.get(uri);
    if (!pending) return;
    open.delete(uri);
    // A watch that failed to start has nothing to close.
    const watch = await pending.catch(() => undefined);
    await watch?.close();
  });
}

async function openWatch(client: Client, uri: string, onEnded: () => void): Promise<Watch> {
  if (client.getProtocolEra() === 'modern') {
    const subscription = await client.listen({ resourceSubscriptions: [uri] });
    if (!subscription.honoredFilter.resourceSubscriptions?.includes(uri)) {
      await subscription.close();
      throw new HostFault('unsupported', { id: 'host.servers.declinedChangeReports', values: { uri } });
    }
    // The server may end the stream itself; a later subscribe then opens a new one.
    void subscription.closed.then(onEnded);
    return { close: () => subscription.close() };
  }
  await client.subscribeResource({ uri });
  return {
    close: async () => {
      await client.unsubscribeResource({ uri });
    },
  };
}

function watchesOf(client: Client): Map<string, Promise<Watch>> {
  let open = watches.get(client);
  if (!open) {
    open = new Map();
    watches.set(client, open);
  }
  return open;
}

/** Older servers answer -32002; newer ones -32602 with `{ uri }`; SDK v1 servers -32602 "… not found". */
function isNotFound(error: unknown): boolean {
  if (error instanceof ResourceNotFoundError) return true;
  const code = protocolCode(error);
  if (code === RESOURCE_NOT_FOUND) return true;
  return code === INVALID_PARAMS && /\bnot found\b/i.test(error instanceof Error ? error.message : '');
}
