// An attached local file as what the model reads: a text file as text, an image as an image where the model sees them.
import type { UserContent } from 'ai';
import type { FileAttachment } from '../../shared/resources';

type UserPart = Exclude<UserContent, string>[number];

/** The bytes of attached files by id, read by the host before the history goes to the model. */
export type AttachedFiles = ReadonlyMap<string, Uint8Array>;

/** The parts for one attached file; a file the host no longer has is named, not dropped silently. */
export function fileParts(item: FileAttachment, files: AttachedFiles, supportsVision: boolean): UserPart[] {
  const header = `Attached file ${item.name} (${item.mimeType || 'unknown type'}, ${item.size} bytes):`;
  const bytes = files.get(item.id);
  if (!bytes) return [{ type: 'text', text: `${header}\n[the file is no longer available]` }];
  if (item.as === 'image') {
    if (!supportsVision)
      return [{ type: 'text', text: `${header}\n[image omitted: the model cannot see images]` }];
    return [
      { type: 'text', text: header },
      {
        type: 'file',
        mediaType: item.mimeType,
        data: { type: 'data', data: Buffer.from(bytes).toString('base64') },
      },
    ];
  }
  return [{ type: 'text', text: `${header}\n${new TextDecoder().decode(bytes)}` }];
}
