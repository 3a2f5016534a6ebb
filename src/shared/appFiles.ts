// Files an app view offers to save (`ui/download-file`): what the person is shown of each, and the limits.
import { fileNameFromUri } from './fileNames';

/** The most a view may offer at once, all files together. */
export const MAX_VIEW_FILE_BYTES = 10 * 1024 * 1024;
/** The most files in one offer. */
export const MAX_VIEW_FILES = 10;

/** One file as the person is shown it and as it is saved: a safe name, the type the view claims, its bytes in base64. */
export type ViewFile = { name: string; type: string; size: number; data: string };

/** Why an offer is refused, for the page to say in its language. */
export type ViewFileRefusal =
  | { code: 'noFile' }
  | { code: 'tooMany'; count: number; max: number }
  | { code: 'link' }
  | { code: 'badContents' }
  | { code: 'tooLarge'; maxMb: number };

/** `reason`: the refusal in English, for the view that asked (and logs). */
export type ViewFileOffer =
  | { ok: true; files: ViewFile[] }
  | { ok: false; reason: string; refusal: ViewFileRefusal };

type Embedded = {
  type: 'resource';
  resource: { uri?: unknown; mimeType?: unknown; text?: unknown; blob?: unknown };
};

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The files of a `ui/download-file` request, or why it is refused: only embedded resources (Switchboard
 * fetches no link for a view), at most `MAX_VIEW_FILES`, `MAX_VIEW_FILE_BYTES` in all. The type is only
 * words to show; nothing is ever rendered by it.
 */
export function viewFileOffer(contents: readonly unknown[]): ViewFileOffer {
  if (contents.length === 0) return refused({ code: 'noFile' });
  if (contents.length > MAX_VIEW_FILES)
    return refused({ code: 'tooMany', count: contents.length, max: MAX_VIEW_FILES });
  const files: ViewFile[] = [];
  let total = 0;
  for (const item of contents) {
    if (!isEmbedded(item)) {
      return refused({ code: 'link' });
    }
    const { uri, mimeType, text, blob } = item.resource;
    // A text is never fewer bytes than characters, nor base64 more than 4 characters for 3: too long is refused unread.
    const least =
      typeof blob === 'string'
        ? Math.floor((blob.length * 3) / 4) - 2
        : typeof text === 'string'
          ? text.length
          : 0;
    if (total + least > MAX_VIEW_FILE_BYTES) return tooLarge();
    const data =
      typeof blob === 'string' ? cleanBase64(blob) : typeof text === 'string' ? textBase64(text) : undefined;
    if (data === undefined) return refused({ code: 'badContents' });
    const size = base64Size(data);
    total += size;
    if (total > MAX_VIEW_FILE_BYTES) return tooLarge();
    files.push({
      name: fileNameFromUri(typeof uri === 'string' ? uri : ''),
      type: typeLabel(mimeType),
      size,
      data,
    });
  }
  return { ok: true, files };
}

function tooLarge(): ViewFileOffer {
  return refused({ code: 'tooLarge', maxMb: MAX_VIEW_FILE_BYTES / 1024 / 1024 });
}

function refused(refusal: ViewFileRefusal): ViewFileOffer {
  return { ok: false, reason: refusalReason(refusal), refusal };
}

/** A refusal in English, as the view that asked is told it. */
export function refusalReason(refusal: ViewFileRefusal): string {
  switch (refusal.code) {
    case 'noFile':
      // i18n-ignore: told to the view; the page words it by `refusal`
      return 'The view offered no file.';
    case 'tooMany':
      // i18n-ignore: told to the view; the page words it by `refusal`
      return `The view offered ${refusal.count} files; at most ${refusal.max} are saved at once.`;
    case 'link':
      // i18n-ignore: told to the view; the page words it by `refusal`
      return 'The view asked to save a link. Switchboard saves only files a view sends itself; it fetches no link for a view.';
    case 'badContents':
      // i18n-ignore: told to the view; the page words it by `refusal`
      return 'The view sent a file whose contents are not text or base64.';
    case 'tooLarge':
      // i18n-ignore: told to the view; the page words it by `refusal`
      return `The view offered more than ${refusal.maxMb} MB; Switchboard saves up to that much from a view.`;
  }
}

/** The bytes `data` (base64) stands for. */
export function base64Size(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return (data.length / 4) * 3 - padding;
}

/** The type a view claims, as plain words: letters, digits and `+-./;=` only, shortened; '' without one (the page says "no type given"). */
export function typeLabel(mimeType: unknown): string {
  if (typeof mimeType !== 'string') return '';
  return mimeType
    .replace(/[^\w.+\-/;= ]/g, '')
    .trim()
    .slice(0, 80);
}

function isEmbedded(item: unknown): item is Embedded {
  if (typeof item !== 'object' || item === null) return false;
  const { type, resource } = item as { type?: unknown; resource?: unknown };
  return type === 'resource' && typeof resource === 'object' && resource !== null;
}

function cleanBase64(blob: string): string | undefined {
  const data = blob.replace(/\s+/g, '');
  return data.length % 4 === 0 && BASE64.test(data) ? data : undefined;
}

function textBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}
