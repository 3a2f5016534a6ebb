// A read resource as context for a message, with only the fields the contract allows.
import type { ContextItem, ResourceContentsView } from '../../../../shared/resources';

/** The context item for a read resource, with only the fields the contract allows. */
export function resourceItem(
  server: string,
  uri: string,
  name: string | undefined,
  contents: readonly ResourceContentsView[],
): ContextItem {
  const clean = contents.map(({ uri: contentUri, mimeType, text, blob }) => ({
    uri: contentUri,
    ...(mimeType !== undefined ? { mimeType } : {}),
    ...(text !== undefined ? { text } : {}),
    ...(blob !== undefined ? { blob } : {}),
  }));
  return { kind: 'resource', server, uri, ...(name ? { name } : {}), contents: clean };
}
