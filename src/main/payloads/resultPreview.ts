// A tool result as a page gets it when it asks for a preview: large texts and data as a start and an id for the rest.
import type { Truncated } from '../../shared/payloads';
import type { ContentBlock, ToolCallResult } from '../../shared/types';
import type { PayloadStore } from './payloadStore';

/** Characters of a long text (or of structured content's JSON) a page gets at once, in Run and in chat. */
export const RESULT_PREVIEW_CHARS = 256 * 1024;
/** Base64 characters of an image, audio clip or binary resource a page gets inline. */
export const RESULT_INLINE_DATA_CHARS = 2 * 1024 * 1024;

/** What a page may read back of a kept part: the server's own results only. */
export function resultOwner(server: string): string {
  return JSON.stringify(['result', server]);
}

type Keep = (data: string, kind: 'text' | 'blob') => Truncated;

/**
 * `result` with every text over `RESULT_PREVIEW_CHARS` cut to its start and every base64 data over
 * `RESULT_INLINE_DATA_CHARS` left out, each with `truncated` naming where `store` keeps the whole. Any
 * `truncated` the server itself sent is dropped: only the host says what is missing.
 */
export function previewResult(result: ToolCallResult, store: PayloadStore, owner: string): ToolCallResult {
  const keep: Keep = (data, kind) => {
    const id = store.put(data, { owner, kind });
    return { ...(id ? { id } : {}), length: data.length };
  };
  const { structuredContent, structuredPreview: _claimed, ...rest } = result;
  const preview: ToolCallResult = {
    ...rest,
    content: (result.content ?? []).map((block) => blockPreview(block, keep)),
  };
  if (structuredContent === undefined) return preview;
  const json = JSON.stringify(structuredContent, null, 2);
  if (json === undefined || json.length <= RESULT_PREVIEW_CHARS) return { ...preview, structuredContent };
  return {
    ...preview,
    structuredPreview: { text: json.slice(0, RESULT_PREVIEW_CHARS), truncated: keep(json, 'text') },
  };
}

function blockPreview(block: ContentBlock, keep: Keep): ContentBlock {
  switch (block.type) {
    case 'text': {
      const { truncated: _claimed, ...own } = block;
      if (typeof own.text !== 'string' || own.text.length <= RESULT_PREVIEW_CHARS) return own;
      return { ...own, text: own.text.slice(0, RESULT_PREVIEW_CHARS), truncated: keep(own.text, 'text') };
    }
    case 'image':
    case 'audio': {
      const { truncated: _claimed, ...own } = block;
      if (typeof own.data !== 'string' || own.data.length <= RESULT_INLINE_DATA_CHARS) return own;
      return { ...own, data: '', truncated: keep(own.data, 'blob') };
    }
    case 'resource': {
      const { truncated: _claimed, ...resource } = block.resource ?? {};
      const { text, blob } = resource;
      if (typeof text === 'string' && text.length > RESULT_PREVIEW_CHARS)
        return {
          ...block,
          resource: { ...resource, text: text.slice(0, RESULT_PREVIEW_CHARS), truncated: keep(text, 'text') },
        };
      if (typeof blob === 'string' && blob.length > RESULT_INLINE_DATA_CHARS) {
        const { blob: _blob, ...head } = resource;
        return { ...block, resource: { ...head, truncated: keep(blob, 'blob') } };
      }
      return { ...block, resource };
    }
    default:
      return block;
  }
}
