// Saving a resource's binary contents: the host's save dialog where there is one, else a browser download.
import { fileNameFromUri } from '../../../../shared/fileNames';
import type { ResourceContentsView } from '../../../../shared/resources';
import type { HostClient } from '../../api';
import { fetchWhole } from '../../api/payloads';
import { translate } from '../../i18n';
import { base64Bytes } from './mime';

/** A file name for a resource's contents: the last part of its URI, without query, made safe, else `resource`. */
export function fileNameFor(uri: string): string {
  return fileNameFromUri(uri, 'resource');
}

/** Offers `data` (base64) as a download through a `blob:` URL and an `<a download>` click. */
export function downloadBase64(data: string, mimeType: string | undefined, fileName: string): void {
  const blob = new Blob([base64Bytes(data)], { type: mimeType ?? 'application/octet-stream' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

const EXTENSIONS: Record<string, string> = {
  'application/json': '.json',
  'application/pdf': '.pdf',
  'application/zip': '.zip',
  'audio/mpeg': '.mp3',
  'audio/wav': '.wav',
  'image/gif': '.gif',
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'text/plain': '.txt',
};

/** `name` with an extension for `mimeType` when it has none. */
export function withExtension(name: string, mimeType: string | undefined): string {
  const extension = EXTENSIONS[(mimeType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''];
  return extension && !/\.[A-Za-z0-9]{1,8}$/.test(name) ? `${name}${extension}` : name;
}

/** True in browser mode, where the host cannot show a save dialog (Electron has its preload bridge). */
function inBrowserMode(): boolean {
  return window.host === undefined;
}

/**
 * Asks the host to save content `index` of `uri` (Electron: its save dialog; false means the person
 * cancelled). In browser mode the host answers false and the contents are downloaded instead.
 */
export async function saveContents(
  host: HostClient,
  server: string,
  uri: string,
  index: number,
  content: ResourceContentsView,
): Promise<'saved' | 'cancelled' | 'downloaded'> {
  if (await host.invoke('resources.saveAs', { server, uri, index })) return 'saved';
  if (!inBrowserMode()) return 'cancelled';
  const keptId = content.truncated?.id;
  const blob =
    content.blob ?? (keptId && content.text === undefined ? await fetchWhole(host, keptId) : undefined);
  if (blob === undefined) {
    throw new Error(translate(content.truncated ? 'resources.save.gone' : 'resources.save.noData'));
  }
  downloadBase64(blob, content.mimeType, withExtension(fileNameFor(content.uri || uri), content.mimeType));
  return 'downloaded';
}
