// What a resource is by its MIME type and name: its icon, the editor language for its text; base64 decoding.
import { baseType } from '../../components/media';

export type ResourceKind = 'text' | 'image' | 'audio' | 'json' | 'binary';

const TEXT_EXTENSIONS =
  /\.(txt|md|markdown|csv|tsv|log|ini|toml|cfg|conf|ya?ml|xml|html?|css|jsx?|tsx?|mjs|cjs|py|rb|go|rs|java|c|h|cpp|hpp|sh|sql|svg)$/i;
const IMAGE_EXTENSIONS = /\.(png|jpe?g|gif|webp|bmp|ico|avif)$/i;
const AUDIO_EXTENSIONS = /\.(mp3|wav|ogg|oga|flac|m4a|aac|opus)$/i;

/** The path part of a URI or name, without query or fragment, lower-cased. */
function pathOf(uriOrName: string): string {
  return uriOrName.split(/[?#]/)[0]?.toLowerCase() ?? '';
}

/** True for MIME types whose content is text a person can read. */
export function isTextMime(mimeType: string | undefined): boolean {
  const mime = baseType(mimeType);
  return (
    mime.startsWith('text/') ||
    mime.endsWith('+json') ||
    mime.endsWith('+xml') ||
    [
      'application/json',
      'application/xml',
      'application/javascript',
      'application/typescript',
      'application/x-sh',
      'application/sql',
      'application/yaml',
      'application/x-yaml',
      'application/toml',
      'image/svg+xml',
    ].includes(mime)
  );
}

/** Which icon a resource gets, by MIME type first and name second. */
export function resourceKind(mimeType: string | undefined, uriOrName = ''): ResourceKind {
  const mime = baseType(mimeType);
  const path = pathOf(uriOrName);
  if (mime === 'application/json' || mime.endsWith('+json') || (!mime && path.endsWith('.json')))
    return 'json';
  if (mime === 'image/svg+xml') return 'image';
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('audio/')) return 'audio';
  if (isTextMime(mime)) return 'text';
  if (mime) return 'binary';
  if (IMAGE_EXTENSIONS.test(path)) return 'image';
  if (AUDIO_EXTENSIONS.test(path)) return 'audio';
  if (TEXT_EXTENSIONS.test(path)) return 'text';
  return 'text';
}

const BY_MIME: Record<string, string> = {
  'application/json': 'json',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/javascript': 'javascript',
  'application/javascript': 'javascript',
  'text/typescript': 'typescript',
  'application/typescript': 'typescript',
  'text/html': 'html',
  'text/css': 'css',
  'text/xml': 'xml',
  'application/xml': 'xml',
  'image/svg+xml': 'xml',
  'text/yaml': 'yaml',
  'text/x-yaml': 'yaml',
  'application/yaml': 'yaml',
  'application/x-yaml': 'yaml',
  'text/x-python': 'python',
  'text/x-script.python': 'python',
  'application/x-sh': 'shell',
  'text/x-shellscript': 'shell',
  'application/sql': 'sql',
  'text/x-sql': 'sql',
  'text/x-ini': 'ini',
  'application/toml': 'ini',
};

const BY_EXTENSION: Record<string, string> = {
  json: 'json',
  md: 'markdown',
  markdown: 'markdown',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'typescript',
  html: 'html',
  htm: 'html',
  css: 'css',
  xml: 'xml',
  svg: 'xml',
  yaml: 'yaml',
  yml: 'yaml',
  py: 'python',
  sh: 'shell',
  bash: 'shell',
  sql: 'sql',
  ini: 'ini',
  toml: 'ini',
  cfg: 'ini',
};

/** The editor language for a text resource: by MIME type, then by file extension, else plain text. */
export function editorLanguage(mimeType: string | undefined, uri = ''): string {
  const mime = baseType(mimeType);
  const byMime =
    BY_MIME[mime] ?? (mime.endsWith('+json') ? 'json' : mime.endsWith('+xml') ? 'xml' : undefined);
  if (byMime) return byMime;
  const extension = /\.([a-z0-9]+)$/.exec(pathOf(uri))?.[1];
  return (extension && BY_EXTENSION[extension]) || 'plaintext';
}

/** The bytes of base64 `data`. */
export function base64Bytes(data: string): Uint8Array<ArrayBuffer> {
  const binary = atob(data.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Decodes base64 UTF-8 text, or null when it is not valid UTF-8. */
export function base64Text(data: string): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(base64Bytes(data));
  } catch {
    return null;
  }
}
