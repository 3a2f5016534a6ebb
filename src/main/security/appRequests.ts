// Answers requests to the app scheme: the built renderer's files, with the app's CSP, to the app itself only.
import { promises as fs } from 'node:fs';
import { contentSecurityPolicy } from '../../shared/csp';
import { originOf } from './origins';
import { contentTypeOf, resolveRendererFile } from './rendererFiles';
import { APP_ORIGIN, APP_VIEW_ORIGIN } from './schemes';

/** What the shell knows of a request: its URL, its method, and who started it (absent when the browser did). */
export type AppRequest = { url: string; method: string; initiatorOrigin?: string };

export type AppAnswer = {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer> | null;
};

/** Sent with every answer of the app scheme, errors too. */
export const APP_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': contentSecurityPolicy([APP_VIEW_ORIGIN]),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  // A view's own window (on the sandbox origin) keeps its opener for the bridge; no other window gets one.
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-cache',
};

/**
 * Answers `request` from the files under `root`. Only GET and HEAD of `app://switchboard/…`; a request
 * started by another origin (a page or view that is not the app) is refused; paths are resolved by
 * `resolveRendererFile`, so nothing outside `root` is ever read.
 */
export async function answerAppRequest(request: AppRequest, root: string): Promise<AppAnswer> {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return plain(400, 'Bad request');
  }
  if (originOf(url.href) !== APP_ORIGIN) return plain(404, 'Not found');
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return { ...plain(405, 'Method not allowed'), headers: { ...textHeaders(), Allow: 'GET, HEAD' } };
  }
  if (request.initiatorOrigin !== undefined && request.initiatorOrigin !== APP_ORIGIN) {
    return plain(403, 'Forbidden');
  }
  const file = await resolveRendererFile(root, url.pathname);
  if (!file) return plain(404, 'Not found');
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = new Uint8Array(await fs.readFile(file));
  } catch {
    return plain(404, 'Not found');
  }
  return {
    status: 200,
    headers: { ...APP_RESPONSE_HEADERS, 'Content-Type': contentTypeOf(file) },
    body: request.method === 'HEAD' ? null : body,
  };
}

function plain(status: number, text: string): AppAnswer {
  return { status, headers: textHeaders(), body: new TextEncoder().encode(text) };
}

function textHeaders(): Record<string, string> {
  return { ...APP_RESPONSE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' };
}
