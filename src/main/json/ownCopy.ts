// Short pieces of long strings as strings of their own, so a kept preview never keeps the whole text alive.

/**
 * `text.slice(start, end)` copied into a new string. V8 makes a slice of a long string a view of it,
 * so a 4 KB preview of a 9 MB frame would otherwise hold all 9 MB for as long as the preview is kept.
 */
export function ownSlice(text: string, start: number, end?: number): string {
  const piece = text.slice(start, end);
  if (piece.length === text.length) return text;
  // UTF-16 code units through a buffer and back: every character (even a lone surrogate) survives as it was.
  return Buffer.from(piece, 'utf16le').toString('utf16le');
}
