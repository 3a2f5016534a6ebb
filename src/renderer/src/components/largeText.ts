// How much of a large text the page shows at once: a capped start, cut at a line end when one is near.
import { translate } from '../i18n';

/** Characters shown before "Show all": enough to read, little enough to lay out in a few milliseconds. */
export const PREVIEW_CHARS = 16 * 1024;

/** Base64 characters of an image or audio clip shown inline without asking (about 1.5 MB of data). */
export const MEDIA_INLINE_CHARS = 2 * 1024 * 1024;

export type TextPreview = {
  /** The start to show. */
  text: string;
  /** Characters in the whole text. */
  total: number;
  /** True when `text` is only the start. */
  partial: boolean;
};

/**
 * The start of `text`, at most `limit` characters: cut after the last line end in the final tenth of the limit
 * when there is one, never inside a surrogate pair.
 */
export function previewOf(text: string, limit = PREVIEW_CHARS): TextPreview {
  if (text.length <= limit) return { text, total: text.length, partial: false };
  let end = limit;
  const lineEnd = text.lastIndexOf('\n', limit - 1);
  if (lineEnd >= limit * 0.9) end = lineEnd + 1;
  else if (isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
  return { text: text.slice(0, end), total: text.length, partial: true };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** A size in characters (about bytes for ASCII) as a person reads it. */
export function formatChars(chars: number): string {
  if (chars < 1024) return translate('common.largeText.chars', { count: chars });
  if (chars < 1024 * 1024) return translate('format.size.kb', { value: chars / 1024 });
  return translate('format.size.mb', { value: chars / (1024 * 1024) });
}
