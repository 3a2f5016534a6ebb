// Serves the built renderer's files, never anything outside its folder.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { contentTypeOf, resolveRendererFile } from '../security/rendererFiles';

/** Sends `pathname` from `root` (index.html for `/`); answers 404 for anything else. */
export async function sendStatic(root: string, pathname: string, response: ServerResponse): Promise<void> {
  const file = await resolveRendererFile(root, pathname);
  // What cannot be read is not found.
  const info = file ? await stat(file).catch(() => undefined) : undefined;
  if (!file || !info?.isFile()) {
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  response.writeHead(200, {
    'Content-Type': contentTypeOf(file),
    'Content-Length': info.size,
    'Cache-Control': 'no-cache',
  });
  createReadStream(file).pipe(response);
}
