// Checks what a server sent for a skill against its entry: each file's size and digest, and SKILL.md's frontmatter.
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { parse } from 'yaml';
import type { SkillEntry, SkillFile } from '../../shared/skills';

/** One part of a `resources/read` answer, as the host gets it. */
export type ReadContents = { uri: string; text?: string; blob?: string };

/** The raw bytes of a read: a text part as UTF-8, a blob part decoded from base64. */
export function bytesOf(contents: ReadContents): Buffer {
  if (contents.text !== undefined) return Buffer.from(contents.text, 'utf8');
  return Buffer.from(contents.blob ?? '', 'base64');
}

/** `sha256:{hex}` of `bytes`. */
export function digestOf(bytes: Uint8Array): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

/** Why `bytes` are not the file the entry lists (its size first, then its digest), or undefined when they are. */
export function fileProblem(bytes: Uint8Array, file: SkillFile): string | undefined {
  if (bytes.length !== file.size)
    return `${file.uri} is ${bytes.length} bytes, but the skill's entry says ${file.size}.`;
  const digest = digestOf(bytes);
  if (digest !== file.digest)
    return `${file.uri} does not match its digest: the entry says ${file.digest}, the content is ${digest}.`;
  return undefined;
}

/** The YAML frontmatter at the start of a SKILL.md, or why there is none that can be read. */
export function frontmatterOf(text: string): { value: Record<string, unknown> } | { problem: string } {
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(\r?\n|$)/.exec(text);
  if (!match) return { problem: 'SKILL.md does not begin with YAML frontmatter between --- lines.' };
  let value: unknown;
  try {
    value = parse(match[1] ?? '');
  } catch (error) {
    return { problem: `SKILL.md's frontmatter is not valid YAML: ${(error as Error).message}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { problem: "SKILL.md's frontmatter is not a set of fields." };
  return { value: value as Record<string, unknown> };
}

/**
 * Why SKILL.md's `text` does not say what the entry says, field by field (the person approves the entry;
 * the model reads the file), or undefined when they agree.
 */
export function frontmatterProblem(text: string, entry: SkillEntry): string | undefined {
  const read = frontmatterOf(text);
  if ('problem' in read) return read.problem;
  const file = JSON.parse(JSON.stringify(read.value)) as Record<string, unknown>;
  const fields = new Set([...Object.keys(file), ...Object.keys(entry.frontmatter)]);
  const differ = [...fields].filter((field) => !isDeepStrictEqual(file[field], entry.frontmatter[field]));
  if (differ.length === 0) return undefined;
  return `SKILL.md's frontmatter differs from the skill's entry in ${differ.map((field) => `"${field}"`).join(', ')}.`;
}
