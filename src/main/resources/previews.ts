// Resource contents as they cross to a page: whole when small, else a capped start and an id to fetch the rest.
import type { ResourceContentsView } from '../../shared/resources';
import type { PayloadStore, PayloadStoreLimits } from '../payloads/payloadStore';

const MB = 1024 * 1024;

/** How much large resource content the host keeps for pages to fetch and attach. */
export const RESOURCE_STORE_LIMITS: PayloadStoreLimits = { maxChars: 128 * MB, maxItemChars: 64 * MB };

/** Characters of a long text a page gets at once. */
export const TEXT_PREVIEW_CHARS = 256 * 1024;
/** Base64 characters of binary data a page gets inline (images and audio show at once up to this). */
export const INLINE_BLOB_CHARS = 2 * 1024 * 1024;
/** Characters one read sends in all, however many parts the resource has. */
export const READ_INLINE_CHARS = 4 * 1024 * 1024;

/** Whose kept contents these are: a page may attach them only as this server's resource. */
export function resourceOwner(server: string, uri: string): string {
  return JSON.stringify([server, uri]);
}

/** `contents` for a page: parts over the limits keep their start (text) or nothing (data), plus `truncated`. */
export function previewContents(
  contents: readonly ResourceContentsView[],
  store: PayloadStore,
  owner: string,
): ResourceContentsView[] {
  let budget = READ_INLINE_CHARS;
  return contents.map((content) => {
    const { uri, mimeType, text, blob } = content;
    const head = { uri, ...(mimeType !== undefined ? { mimeType } : {}) };
    if (text !== undefined) {
      const limit = Math.min(TEXT_PREVIEW_CHARS, budget);
      if (text.length <= limit) {
        budget -= text.length;
        return { ...head, text };
      }
      budget -= limit;
      const id = store.put(text, { owner, kind: 'text' });
      return {
        ...head,
        text: text.slice(0, limit),
        truncated: { ...(id ? { id } : {}), length: text.length },
      };
    }
    if (blob === undefined) return head;
    if (blob.length <= Math.min(INLINE_BLOB_CHARS, budget)) {
      budget -= blob.length;
      return { ...head, blob };
    }
    const id = store.put(blob, { owner, kind: 'blob' });
    return { ...head, truncated: { ...(id ? { id } : {}), length: blob.length } };
  });
}
