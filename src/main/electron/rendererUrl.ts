// Where the renderer is loaded from, and whether a URL is that place.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app } from 'electron';

/** The built renderer's file:// index, or the dev server's URL when developing unpackaged. */
export function rendererUrl(): string {
  const devServer = process.env.ELECTRON_RENDERER_URL;
  if (devServer && !app.isPackaged && isLoopbackHttp(devServer)) return devServer;
  return pathToFileURL(join(import.meta.dirname, '../renderer/index.html')).href;
}

/** True when `candidate` is the app's own page: the same file, or the same dev server origin. */
export function isAppUrl(candidate: string, appUrl: string): boolean {
  const target = parse(candidate);
  const own = parse(appUrl);
  if (!target || !own || target.protocol !== own.protocol) return false;
  if (own.protocol === 'file:') return target.host === own.host && target.pathname === own.pathname;
  return target.origin === own.origin;
}

function isLoopbackHttp(url: string): boolean {
  const parsed = parse(url);
  return parsed?.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname);
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}
