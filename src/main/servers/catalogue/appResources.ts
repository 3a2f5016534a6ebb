// Reads an app view's `ui://` resource: its HTML and its `_meta` (content item first, the listing as fallback).
import { HostFault } from '../../errors';
import type { ServerConnection } from '../session/connection';
import { APP_MIME_TYPE } from './appMeta';

/** Views larger than this are refused rather than shipped to the window. */
export const MAX_VIEW_BYTES = 5 * 1024 * 1024;

export type AppResource = {
  html: string;
  /** `_meta` of the content item that carried the HTML. */
  meta: unknown;
  /** `_meta` of the resource as the server listed it, if it did. */
  listingMeta: unknown;
};

type ContentItem = { uri: string; mimeType?: string; text?: string; blob?: string; _meta?: unknown };

/** The view's page; a resource that is not `text/html;profile=mcp-app` is refused in plain words. */
export function readAppResource(connection: ServerConnection, uri: string): Promise<AppResource> {
  return connection.withClient({ id: 'host.servers.readViewFailed', values: { uri } }, async (client) => {
    const result = await client.readResource({ uri }, { cacheMode: 'refresh' });
    const items = result.contents as ContentItem[];
    const item = items.find((candidate) => isAppMime(candidate.mimeType)) ?? items[0];
    if (!item)
      throw new HostFault('not_found', {
        id: 'host.servers.viewSentNothing',
        values: { name: connection.name, uri },
      });
    if (!isAppMime(item.mimeType)) {
      throw new HostFault('unsupported', {
        id: 'host.servers.viewNotAppPage',
        values: {
          uri,
          name: connection.name,
          typed: item.mimeType === undefined ? 'no' : 'yes',
          mimeType: item.mimeType ?? '',
          appType: APP_MIME_TYPE,
        },
      });
    }
    const html = item.text ?? Buffer.from(item.blob ?? '', 'base64').toString('utf8');
    if (Buffer.byteLength(html) > MAX_VIEW_BYTES) {
      throw new HostFault('unsupported', {
        id: 'host.servers.viewTooLarge',
        values: { uri, name: connection.name, megabytes: MAX_VIEW_BYTES / 1024 / 1024 },
      });
    }
    const listed = connection.view().resources.find((resource) => resource.uri === uri) as
      | { _meta?: unknown }
      | undefined;
    return { html, meta: item._meta, listingMeta: listed?._meta };
  });
}

function isAppMime(mimeType: string | undefined): boolean {
  return mimeType?.replace(/\s+/g, '').toLowerCase() === APP_MIME_TYPE;
}
