// Maps a request path to a file of the built renderer, refusing anything that could reach outside its folder.
import { promises as fs } from 'node:fs';
import { extname, isAbsolute, join, relative, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** A URL path's own limit: the renderer's file names are short. */
const MAX_PATH_LENGTH = 1024;

/** The media type a renderer file is served with (nosniff makes it binding). */
export function contentTypeOf(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The file under `root` that the URL path `pathname` (still percent-encoded) names, by its name alone,
 * or null. `/` is `index.html`. Refused: anything but a plain relative path of visible names — `.` or
 * `..` segments (also percent-encoded), encoded `/` or `\`, any `\`, `:`, NUL or control character,
 * empty segments, and names starting with a dot.
 */
export function rendererPathOf(root: string, pathname: string): string | null {
  if (!pathname.startsWith('/') || pathname.length > MAX_PATH_LENGTH) return null;
  if (/%(2f|5c)/i.test(pathname)) return null;
  const raw = pathname === '/' ? ['index.html'] : pathname.slice(1).split('/');
  const segments: string[] = [];
  for (const part of raw) {
    let name: string;
    try {
      name = decodeURIComponent(part);
    } catch {
      return null;
    }
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    if (name === '' || name.startsWith('.') || /[\\/:\u0000-\u001f\u007f]/.test(name)) return null;
    segments.push(name);
  }
  const file = join(root, ...segments);
  return isInside(root, file) ? file : null;
}

/**
 * The real path of the regular file `pathname` names under `root`, or null: what `rendererPathOf`
 * refuses, files that do not exist, folders, and links whose target is outside `root`.
 */
export async function resolveRendererFile(root: string, pathname: string): Promise<string | null> {
  const named = rendererPathOf(root, pathname);
  if (!named) return null;
  try {
    const [realRoot, realFile] = await Promise.all([fs.realpath(root), fs.realpath(named)]);
    if (!isInside(realRoot, realFile)) return null;
    const info = await fs.stat(realFile);
    return info.isFile() ? realFile : null;
  } catch {
    return null;
  }
}

function isInside(root: string, file: string): boolean {
  const path = relative(root, file);
  return path !== '' && !path.startsWith(`..${sep}`) && path !== '..' && !isAbsolute(path);
}
