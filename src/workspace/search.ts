// Finds files by name and by content under a folder, case-insensitively, with capped results.

import { readFile } from 'node:fs/promises';
import { isTextType, looksLikeText, mimeTypeOf, TEXT_LIMIT, walk } from './files';

/** A file whose name matches, or one matching line of a file's content. */
export type SearchHit = { path: string; relative: string; line?: number; text?: string };

export type SearchResult = { hits: SearchHit[]; truncated: boolean; filesScanned: number };

const MAX_FILES = 10_000;
const MAX_LINE = 200;

/** Name hits first (in path order), then content hits; at most `maxHits`, and at most 5 lines per file. */
export async function searchFiles(base: string, query: string, maxHits = 50): Promise<SearchResult> {
  const needle = query.toLowerCase();
  const { entries, truncated: walkTruncated } = await walk(base, { recursive: true, limit: MAX_FILES });
  const files = entries.filter((entry) => entry.kind === 'file');
  const hits: SearchHit[] = [];
  for (const file of files) {
    if (hits.length >= maxHits) return { hits, truncated: true, filesScanned: files.length };
    if (file.relative.toLowerCase().includes(needle)) hits.push({ path: file.path, relative: file.relative });
  }
  for (const file of files) {
    if ((file.size ?? 0) > TEXT_LIMIT) continue;
    const lines = await matchingLines(file.path, needle);
    for (const [line, text] of lines) {
      if (hits.length >= maxHits) return { hits, truncated: true, filesScanned: files.length };
      hits.push({ path: file.path, relative: file.relative, line, text });
    }
  }
  return { hits, truncated: walkTruncated, filesScanned: files.length };
}

async function matchingLines(file: string, needle: string): Promise<Array<[number, string]>> {
  const mimeType = mimeTypeOf(file);
  const sniff = mimeType === 'application/octet-stream';
  if (!isTextType(mimeType) && !sniff) return [];
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    return [];
  }
  if (bytes.length > TEXT_LIMIT || (sniff && !looksLikeText(bytes))) return [];
  const found: Array<[number, string]> = [];
  const lines = bytes.toString('utf8').split(/\r?\n/);
  for (let index = 0; index < lines.length && found.length < 5; index++) {
    const line = lines[index] ?? '';
    if (!line.toLowerCase().includes(needle)) continue;
    const trimmed = line.trim();
    found.push([index + 1, trimmed.length > MAX_LINE ? `${trimmed.slice(0, MAX_LINE)}…` : trimmed]);
  }
  return found;
}
