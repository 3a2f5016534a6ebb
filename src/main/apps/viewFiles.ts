// Saving a file an app view offered, after the person chose to: the app's save dialog, or a download in browser mode.

import { base64Size, MAX_VIEW_FILE_BYTES } from '../../shared/appFiles';
import type { AppSaveOutcome } from '../../shared/apps';
import { safeFileName } from '../../shared/fileNames';
import { HostFault } from '../errors';

/** Asks where to save and writes the file; false when the person cancels. Absent in browser mode. */
export type SaveFile = (suggestedName: string, data: Buffer) => Promise<boolean>;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Saves `data` (base64) as `name` through `saveFile`, where the person picks the place; without one the page
 * downloads it (`download`). The name is made safe again here and the size checked again, whatever the page did.
 */
export async function saveViewFile(
  file: { name: string; data: string },
  saveFile: SaveFile | undefined,
): Promise<AppSaveOutcome> {
  if (file.data.length % 4 !== 0 || !BASE64.test(file.data)) {
    throw new HostFault('invalid_input', { id: 'host.apps.fileNotBase64' });
  }
  const size = base64Size(file.data);
  if (size > MAX_VIEW_FILE_BYTES) {
    throw new HostFault('invalid_input', {
      id: 'host.apps.fileTooLarge',
      values: { megabytes: MAX_VIEW_FILE_BYTES / 1024 / 1024 },
    });
  }
  const name = safeFileName(file.name);
  if (!saveFile) return { outcome: 'download', name, size };
  const saved = await saveFile(name, Buffer.from(file.data, 'base64'));
  return { outcome: saved ? 'saved' : 'cancelled', name, size };
}
