// Folder paths and `file://` URIs, both ways, with the percent-encoding servers expect.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { HostFault } from '../errors';

/** The percent-encoded `file://` URI of an absolute path (spaces, `#`, `%`, `?` and non-ASCII encoded). */
export function pathToUri(path: string): string {
  return pathToFileURL(path).href;
}

/** The path a `file://` URI names; a URI of any other kind is refused in plain words. */
export function uriToPath(uri: string): string {
  try {
    return fileURLToPath(uri);
  } catch {
    throw new HostFault('invalid_input', { id: 'host.roots.notFileUri', values: { uri } });
  }
}
