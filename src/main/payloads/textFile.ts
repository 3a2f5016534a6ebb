// Long texts on disk as UTF-16 code units, so any range of characters is read without reading what comes before it.
import { open, stat, writeFile } from 'node:fs/promises';

/** Characters written per step, through one buffer: writing a large text never needs memory as large as it. */
const STEP_CHARS = 64 * 1024;

/** Writes `text` to `path` (mode 0600), a piece at a time; every character survives, lone surrogates included. */
export async function writeTextFile(path: string, text: string): Promise<void> {
  const file = await open(path, 'w', 0o600);
  try {
    const buffer = Buffer.allocUnsafeSlow(STEP_CHARS * 2);
    for (let at = 0; at < text.length; at += STEP_CHARS) {
      const bytes = buffer.write(text.slice(at, at + STEP_CHARS), 0, 'utf16le');
      await file.write(buffer, 0, bytes);
    }
  } finally {
    await file.close();
  }
}

/** Characters [offset, offset + length) of the text at `path`; fewer at its end. */
export async function readTextRange(path: string, offset: number, length: number): Promise<string> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(Math.max(0, length) * 2);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, offset * 2);
    return buffer.subarray(0, bytesRead - (bytesRead % 2)).toString('utf16le');
  } finally {
    await file.close();
  }
}

/** The whole text at `path`. */
export async function readTextFile(path: string): Promise<string> {
  return readTextRange(path, 0, await textLength(path));
}

/** How many characters the text at `path` has. */
export async function textLength(path: string): Promise<number> {
  return Math.floor((await stat(path)).size / 2);
}

/** Writes a small JSON file (mode 0600). */
export function writeJsonFile(path: string, value: unknown): Promise<void> {
  return writeFile(path, JSON.stringify(value), { mode: 0o600 });
}
