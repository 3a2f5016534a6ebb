// Reading a small settings file: missing means "none", a failed read is reported, damaged JSON reads as undefined.
import { readFile } from 'node:fs/promises';
import { messageOf } from '../errors';

/** True when `error` says the file or folder does not exist. */
export function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/** The file's text; undefined when there is none, or when it could not be read (then `onError` hears why). */
export async function readOptionalText(
  path: string,
  onError: (why: string) => void,
): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (!isMissing(error)) onError(messageOf(error));
    return undefined;
  }
}

/** The JSON value of `text`, or undefined when it is not JSON (a schema then says what was wrong). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
