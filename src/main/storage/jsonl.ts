// Append-only JSON-lines files: every append is fsynced; a read drops a torn last line instead of failing.
import { mkdir, open, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from './atomicFile';
import { isMissing } from './settingsFile';

/** Data files hold conversations and decisions: only their owner may read them. */
const PRIVATE = 0o600;

export type ReadResult = {
  records: unknown[];
  /** The last line could not be parsed (a write cut short) and was left out. */
  tornTail: boolean;
  /** Lines before the last that could not be parsed and were left out. */
  skipped: number;
};

/**
 * Appends `values` as lines in one write, then fsyncs. The file is opened per call (no handle to
 * leak or close at shutdown; the fsync dominates the cost). Values are serialised before the first
 * await. If the file ends in a torn line, a newline is written first so the new lines stay whole.
 * Callers that need their appends in order must not run two at once on one file.
 */
export async function appendRecords(path: string, values: readonly unknown[]): Promise<void> {
  const text = values.map((value) => `${JSON.stringify(value)}\n`).join('');
  const file = await openForAppend(path);
  try {
    const { size } = await file.stat();
    let prefix = '';
    if (size > 0) {
      const last = Buffer.alloc(1);
      await file.read(last, 0, 1, size - 1);
      if (last[0] !== 0x0a) prefix = '\n';
    }
    await file.appendFile(prefix + text, 'utf8');
    await file.sync();
  } finally {
    await file.close();
  }
}

/** Appends one value as one line; see `appendRecords`. */
export function appendRecord(path: string, value: unknown): Promise<void> {
  return appendRecords(path, [value]);
}

/** Replaces the whole file with `values`, atomically (temp file, fsync, rename). */
export function writeRecords(path: string, values: readonly unknown[]): Promise<void> {
  return writeFileAtomic(path, values.map((value) => `${JSON.stringify(value)}\n`).join(''), PRIVATE);
}

/** Every parsable line of the file; a missing file reads as empty. Bad content never throws; I/O errors do. */
export async function readRecords(path: string): Promise<ReadResult> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (isMissing(error)) return { records: [], tornTail: false, skipped: 0 };
    throw error;
  }
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const records: unknown[] = [];
  let bad = 0;
  let tornTail = false;
  lines.forEach((line, index) => {
    try {
      records.push(JSON.parse(line));
    } catch {
      if (index === lines.length - 1) tornTail = true;
      else bad++;
    }
  });
  return { records, tornTail, skipped: bad };
}

async function openForAppend(path: string) {
  try {
    return await open(path, 'a+', PRIVATE);
  } catch (error) {
    if (!isMissing(error)) throw error;
    await mkdir(dirname(path), { recursive: true });
    return await open(path, 'a+', PRIVATE);
  }
}
