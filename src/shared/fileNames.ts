// Safe file names from untrusted text: the last part of a URI or a name a view gave, never a path and never a disguise.

/** The longest name suggested, in characters. */
export const MAX_FILE_NAME = 120;

/** Names Windows keeps for devices, whatever their extension. */
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\.|$)/i;

/**
 * `name` as a file name that stays in the folder it is saved to: separators, control and format characters
 * (which can turn `exe.pdf` around on screen) and characters Windows refuses become `_`; leading dots and
 * trailing dots and spaces go; a device name gets a `_` in front. `fallback` when nothing is left.
 */
export function safeFileName(name: string, fallback = 'download'): string {
  const cleaned = [...name.normalize('NFC')]
    .map((char) => (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(char) || '\\/:*?"<>|'.includes(char) ? '_' : char))
    .join('')
    .replace(/^[.\s]+/, '')
    .slice(0, MAX_FILE_NAME)
    .replace(/[.\s]+$/, '');
  if (!cleaned) return fallback;
  return RESERVED.test(cleaned) ? `_${cleaned}` : cleaned;
}

/** The last part of `uri` (without scheme, query or fragment, percent-decoded) as a safe file name. */
export function fileNameFromUri(uri: string, fallback = 'download'): string {
  const path = uri
    .replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/*/, '')
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '');
  let last = path.slice(path.lastIndexOf('/') + 1);
  try {
    last = decodeURIComponent(last);
  } catch {
    // Not valid percent-encoding: the name keeps its characters as they are.
  }
  return safeFileName(last, fallback);
}
