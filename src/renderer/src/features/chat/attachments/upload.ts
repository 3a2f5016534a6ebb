// Sends a local file to the host in bounded chunks (never one giant frame), then has the host check it.
import type { FileAttachment } from '../../../../../shared/resources';
import type { HostClient } from '../../../api';
import { translate } from '../../../i18n';

/** Bytes as base64, in slices small enough for `String.fromCharCode`. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}

/**
 * Uploads `file` with `uploads.begin`, one `uploads.chunk` per slice in order, and `uploads.finish`
 * (the host checks the contents). A failure cancels the upload on the host and rejects.
 */
export async function uploadFile(
  host: HostClient,
  file: Blob & { name: string },
  onProgress?: (sentBytes: number) => void,
): Promise<FileAttachment> {
  const { id, chunkBytes } = await host.invoke('uploads.begin', {
    name: file.name || translate('chat.attach.pastedFile'),
    mimeType: file.type,
    size: file.size,
  });
  try {
    for (let offset = 0; offset < file.size; offset += chunkBytes) {
      const bytes = new Uint8Array(await file.slice(offset, offset + chunkBytes).arrayBuffer());
      await host.invoke('uploads.chunk', { id, offset, data: bytesToBase64(bytes) });
      onProgress?.(offset + bytes.length);
    }
    return await host.invoke('uploads.finish', { id });
  } catch (error) {
    void host.invoke('uploads.cancel', { id }).catch(() => {});
    throw error;
  }
}
