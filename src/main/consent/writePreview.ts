// The preview of a waiting call that writes a file: the file there now, read by the host inside the folders its server sees.
import { realpath } from 'node:fs/promises';
import type { ConsentRequest } from '../../shared/chat';
import type { WritePreview } from '../../shared/consent';
import type { RootView } from '../../shared/roots';
import type { Json } from '../../shared/types';
import { writeOf } from '../../shared/writeTarget';
import { currentFile } from '../roots/currentFile';

/**
 * What writing with `args` (the request's own, or the person's edit) would replace: `none` when the
 * call does not look like a file write; otherwise the current file, only inside `roots` (the folders
 * the request's server sees).
 */
export async function previewWrite(
  request: Pick<ConsentRequest, 'tool'>,
  args: Json,
  roots: readonly RootView[],
): Promise<WritePreview> {
  const target = writeOf(request.tool, args);
  if (!target) return { kind: 'none' };
  const folders = await Promise.all(
    roots.map(async (root) => ({ path: await realpath(root.path).catch(() => root.path) })),
  );
  return currentFile(target.path, folders);
}
