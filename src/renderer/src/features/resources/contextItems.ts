// A read resource as context for a message, with only the fields the contract allows.
import type { ContextItem, ResourceContentsView } from '../../../../shared/resources';

/**
 * The context item for a read resource, with only the fields the contract allows. A part the host
 * sent only in part goes by reference (`truncated`): the host puts the whole back when it is sent.
 */
export function resourceItem(
  server: string,
  uri: string,
  name: string | undefined,
  contents: readonly ResourceContentsView[],
): ContextItem {
  const clean = contents.map(({ uri: contentUri, mimeType, text, blob, truncated }) => ({
    uri: contentUri,
    ...(mimeType !== undefined ? { mimeType } : {}),
    ...(truncated ? { truncated } : text !== undefined ? { text } : {}),
    ...(blob !== undefined && !truncated ? { blob } : {}),
  }));
  return { kind: 'resource', server, uri, ...(name ? { name } : {}), contents: clean };
}
