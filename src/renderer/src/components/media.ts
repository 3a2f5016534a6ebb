// Media that arrives as base64 (tool results, resources): its size, and a data: URL only for safe types.

/** A MIME type without parameters, lower-cased (`Image/PNG; x=1` → `image/png`). */
export function baseType(mimeType: string | undefined): string {
  return (mimeType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const SAFE_MIME = /^[a-z]+\/[a-z0-9.+-]+$/;

/** The base64 text without whitespace, or null when it is not base64. */
export function cleanBase64(data: string): string | null {
  const clean = data.replace(/\s+/g, '');
  return BASE64.test(clean) ? clean : null;
}

/** A `data:` URL for base64 media of `family` (`image` or `audio`), or null when unsafe or not that family. */
export function mediaUrl(
  family: 'image' | 'audio',
  mimeType: string | undefined,
  data: string,
): string | null {
  const mime = baseType(mimeType);
  const clean = cleanBase64(data);
  if (!mime.startsWith(`${family}/`) || !SAFE_MIME.test(mime) || clean === null) return null;
  return `data:${mime};base64,${clean}`;
}

/** About how many bytes base64 of `length` characters holds, when only its length is known (a part the host kept). */
export function base64LengthSize(length: number): number {
  return Math.floor((length * 3) / 4);
}

/** How many bytes base64 `data` holds (whitespace ignored). */
export function base64Size(data: string): number {
  const spaces = data.match(/\s/g)?.length ?? 0;
  const end = data.trimEnd();
  const padding = end.endsWith('==') ? 2 : end.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor(((data.length - spaces) * 3) / 4) - padding);
}
