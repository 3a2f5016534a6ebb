// Checks an uploaded file's bytes against what its name promised: an image format a model takes, or UTF-8 text.

export type ContentVerdict = { ok: true; mimeType: string } | { ok: false; reason: string };

/** The image type the bytes start with (PNG, JPEG, GIF, WebP), if any. */
export function sniffImage(bytes: Uint8Array): string | undefined {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length >= 12 && tag(0) === 'RIFF' && tag(8) === 'WEBP') return 'image/webp';
  return undefined;
}

/** Whether the bytes are what `as` says, with the type to send them as. */
export function checkContents(
  name: string,
  as: 'text' | 'image',
  mimeType: string,
  bytes: Uint8Array,
): ContentVerdict {
  if (as === 'image') {
    const sniffed = sniffImage(bytes);
    return sniffed
      ? { ok: true, mimeType: sniffed }
      : { ok: false, reason: `${name} was not attached: it is not a PNG, JPEG, GIF or WebP image.` };
  }
  if (bytes.includes(0)) {
    return { ok: false, reason: `${name} was not attached: it holds binary data, not text.` };
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return {
      ok: false,
      reason: `${name} was not attached: it is not UTF-8 text. Save it as UTF-8 and attach it again.`,
    };
  }
  return { ok: true, mimeType };
}
