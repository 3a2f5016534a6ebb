// A finished call's result as a conversation keeps it: what is too long for the model at once, or too large for memory,
// goes to disk with the conversation; images too large for the provider are made smaller.
import type { KeptResult } from '../../shared/keptResults';
import type { ContentBlock, ToolCallResult } from '../../shared/types';
import { ownSlice } from '../json/ownCopy';
import { type FittedImage, fitImage, type ImageLimits } from '../llm/imageFit';
import { resultText } from '../llm/toolResults';
import { jsonShape, parseJsonDocument } from '../payloads/jsonShape';
import { jsonName, type KeptResults } from '../payloads/keptResults';
import { RESULT_INLINE_DATA_CHARS, RESULT_PREVIEW_CHARS } from '../payloads/resultPreview';

/** Characters of a long block of a kept result the conversation holds for the page: more than it shows before Show all. */
const KEPT_PREVIEW_CHARS = 32 * 1024;

export type KeepOptions = {
  store: KeptResults;
  conversationId: string;
  /** Characters of a result the model reads at once. */
  budgetChars: number;
  /** What one image may be at the conversation's provider. */
  imageLimits: ImageLimits;
};

/**
 * A result longer than `budgetChars` is kept whole on disk; the conversation keeps its start for the model (`kept`)
 * and, for the page, each large block's start with an id to read the rest. Smaller results stay as they are but
 * for images over the provider's limits.
 */
export async function keepResult(
  result: ToolCallResult,
  options: KeepOptions,
): Promise<{ result: ToolCallResult; kept?: KeptResult }> {
  const fitted = await fitImages(result, options.imageLimits);
  const text = resultText(fitted);
  if (text.length <= options.budgetChars) return { result: fitted };
  const { store, conversationId, budgetChars } = options;
  const id = store.newId();
  await store.put(conversationId, id, text);
  let json = parseJsonDocument(text);
  if (json === undefined && isDocument(fitted.structuredContent)) {
    json = fitted.structuredContent;
    await store.put(conversationId, jsonName(id), JSON.stringify(json));
  }
  const kept: KeptResult = {
    id,
    chars: text.length,
    lines: lineCount(text),
    given: budgetChars,
    start: ownSlice(text, 0, budgetChars),
    ...(json === undefined ? {} : jsonShape(json)),
  };
  return { result: await pageResult(fitted, text, id, options), kept };
}

/** `result` with each block too large to hold in memory cut to its start, the whole on disk under an id. */
async function pageResult(
  result: ToolCallResult,
  text: string,
  id: string,
  { store, conversationId }: KeepOptions,
): Promise<ToolCallResult> {
  const content: ContentBlock[] = [];
  for (const [index, block] of result.content.entries()) {
    const keep = async (data: string) => {
      // The common case, one long text block, is the kept text itself: it is not written twice.
      const name = block.type === 'text' && data === text ? id : `${id}.${index}`;
      if (name !== id) await store.put(conversationId, name, data);
      return { id: store.pageId(conversationId, name), length: data.length };
    };
    if (block.type === 'text' && block.text.length > KEPT_PREVIEW_CHARS) {
      content.push({
        type: 'text',
        text: ownSlice(block.text, 0, KEPT_PREVIEW_CHARS),
        truncated: await keep(block.text),
      });
    } else if (block.type === 'resource' && (block.resource.text?.length ?? 0) > KEPT_PREVIEW_CHARS) {
      const whole = block.resource.text ?? '';
      content.push({
        ...block,
        resource: {
          ...block.resource,
          text: ownSlice(whole, 0, KEPT_PREVIEW_CHARS),
          truncated: await keep(whole),
        },
      });
    } else if (block.type === 'resource' && (block.resource.blob?.length ?? 0) > RESULT_INLINE_DATA_CHARS) {
      const { blob, ...rest } = block.resource;
      content.push({ ...block, resource: { ...rest, truncated: await keep(blob ?? '') } });
    } else if (block.type === 'audio' && block.data.length > RESULT_INLINE_DATA_CHARS) {
      content.push({ ...block, data: '', truncated: await keep(block.data) });
    } else {
      content.push(block);
    }
  }
  const { structuredContent, ...rest } = result;
  const structured = structuredContent === undefined ? '' : JSON.stringify(structuredContent);
  // Structured content too large to hold is on disk as the kept JSON (or in the kept text); the page shows the text.
  return structured.length > RESULT_PREVIEW_CHARS ? { ...rest, content } : { ...result, content };
}

/** `result` with every image over `limits` made smaller; an image that cannot be read stays as it came. */
async function fitImages(result: ToolCallResult, limits: ImageLimits): Promise<ToolCallResult> {
  if (!result.content.some((block) => block.type === 'image')) return result;
  const content = await Promise.all(
    result.content.map(async (block): Promise<ContentBlock> => {
      if (block.type !== 'image' || !block.data) return block;
      const fitted: FittedImage | undefined = await fitImage(block.data, block.mimeType, limits).catch(
        () => undefined,
      );
      if (!fitted || fitted.data === block.data) return block;
      return { type: 'image', data: fitted.data, mimeType: fitted.mimeType };
    }),
  );
  return { ...result, content };
}

function isDocument(value: unknown): boolean {
  return value !== null && typeof value === 'object';
}

function lineCount(text: string): number {
  let lines = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}
