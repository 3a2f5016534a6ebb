// Where the window's page comes from: the app scheme, or the dev server when developing unpackaged.
import { join } from 'node:path';
import { app } from 'electron';
import { devRendererUrl } from '../security/origins';
import { APP_ENTRY_URL } from '../security/schemes';

/** The page the window loads: the dev server's loopback URL when developing unpackaged, else the app scheme. */
export function rendererUrl(): string {
  return devRendererUrl(process.env.ELECTRON_RENDERER_URL, app.isPackaged) ?? APP_ENTRY_URL;
}

/** The built renderer folder the app scheme serves. */
export function rendererRoot(): string {
  return join(import.meta.dirname, '../renderer');
}
