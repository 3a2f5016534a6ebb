// A skill entry as a server gives it, checked against the extension's rules before the host uses it for anything.
import { z } from 'zod';
import type { SkillEntry, SkillFile } from '../../shared/skills';
import type { Json } from '../../shared/types';

/** The extension's limits per skill: a conforming host loads skills up to these and refuses larger ones. */
export const MAX_SKILL_FILES = 512;
export const MAX_SKILL_BYTES = 16 * 1024 * 1024;

const DIGEST = /^sha256:[0-9a-f]{64}$/;
/** Agent Skills names: 1–64 lowercase letters, digits and single hyphens, not at either end. */
const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const MAX_NAME = 64;
const MAX_DESCRIPTION = 1024;
const SKILL_FILE = '/SKILL.md';

const wireEntry = z.looseObject({
  uri: z.string(),
  frontmatter: z.record(z.string(), z.json()),
  resources: z.union([
    z.array(z.looseObject({ uri: z.string(), digest: z.string(), size: z.number().int().min(0) })),
    z.literal('dynamic'),
  ]),
});

/** An entry the host may use, or why it may not (then `uri` when the entry had one). */
export type CheckedEntry = { entry: SkillEntry } | { problem: string; uri?: string };

/** Checks one entry of `skills/list` or `skills/get`; an entry that breaks a rule is never loaded. */
export function checkEntry(raw: unknown): CheckedEntry {
  const uri = (raw as { uri?: unknown } | null)?.uri;
  const named = typeof uri === 'string' ? { uri } : {};
  const parsed = wireEntry.safeParse(raw);
  if (!parsed.success) return { problem: shapeProblem(raw), ...named };
  const { frontmatter, resources } = parsed.data;
  const entry: SkillEntry = {
    uri: parsed.data.uri,
    frontmatter: frontmatter as { [key: string]: Json },
    resources:
      resources === 'dynamic' ? 'dynamic' : resources.map(({ uri, digest, size }) => ({ uri, digest, size })),
  };
  const problem = pathProblem(entry) ?? frontmatterProblem(entry) ?? manifestProblem(entry);
  return problem ? { problem, uri: entry.uri } : { entry };
}

/** The skill's root directory: its SKILL.md URI without `/SKILL.md` (`skill://acme/billing/refunds`). */
export function skillRoot(uri: string): string {
  return uri.endsWith(SKILL_FILE) ? uri.slice(0, -SKILL_FILE.length) : uri;
}

/** The skill's path (`acme/billing/refunds`): its root without the scheme. */
export function skillPath(uri: string): string {
  const root = skillRoot(uri);
  const at = root.indexOf('://');
  return at < 0 ? root : root.slice(at + 3);
}

/** Whether `uri` is the skill's SKILL.md or a file inside its directory. */
export function isInSkill(skillUri: string, uri: string): boolean {
  return uri === skillUri || (uri.startsWith(`${skillRoot(skillUri)}/`) && !hasDotSegment(uri));
}

/**
 * A reference inside a skill (`examples/email.md`, as its SKILL.md names files) as a URI, resolved
 * against the skill's own folder; undefined when it is already a URI or would climb out of the folder.
 */
export function resolveInSkill(skillUri: string, reference: string): string | undefined {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(reference)) return undefined;
  const path = reference.replace(/^\.\//, '');
  const uri = `${skillRoot(skillUri)}/${path}`;
  return path !== '' && isInSkill(skillUri, uri) ? uri : undefined;
}

/** The number of files and the bytes the manifest lists. */
export function manifestSize(files: readonly SkillFile[]): { count: number; bytes: number } {
  return { count: files.length, bytes: files.reduce((sum, file) => sum + file.size, 0) };
}

function shapeProblem(raw: unknown): string {
  const value = raw as { resources?: unknown; frontmatter?: unknown } | null;
  if (value?.resources === undefined)
    return 'The entry has no list of its files ("resources"), so it cannot be checked.';
  if (!Array.isArray(value.resources) && value.resources !== 'dynamic')
    return 'The entry lists its files in a form the extension does not define.';
  if (typeof value.frontmatter !== 'object' || value.frontmatter === null)
    return 'The entry has no frontmatter.';
  return 'The entry does not have the shape the extension defines.';
}

function pathProblem(entry: SkillEntry): string | undefined {
  const { uri } = entry;
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^?#]+$/.test(uri))
    return `${uri} is not a skill URI (scheme://path/SKILL.md).`;
  if (!uri.endsWith(SKILL_FILE)) return `${uri} does not end with /SKILL.md.`;
  if (
    hasDotSegment(uri) ||
    skillPath(uri)
      .split('/')
      .some((segment) => segment === '')
  )
    return `${uri} has an empty, "." or ".." segment in its path.`;
  if (skillPath(uri) === '') return `${uri} has no skill path.`;
  return undefined;
}

function frontmatterProblem(entry: SkillEntry): string | undefined {
  const { name, description } = entry.frontmatter;
  if (typeof name !== 'string') return 'The frontmatter has no name.';
  if (typeof description !== 'string' || description.trim() === '')
    return 'The frontmatter has no description.';
  if (name.length > MAX_NAME || !NAME.test(name))
    return `The name "${name}" breaks the Agent Skills rules (lowercase letters, digits and single hyphens, at most ${MAX_NAME}).`;
  if (description.length > MAX_DESCRIPTION)
    return `The description is longer than the ${MAX_DESCRIPTION} characters Agent Skills allow.`;
  const last = skillPath(entry.uri).split('/').at(-1);
  if (last !== name) return `The name "${name}" is not the last segment of its path (${last}).`;
  return undefined;
}

function manifestProblem(entry: SkillEntry): string | undefined {
  if (entry.resources === 'dynamic') return undefined;
  const files = entry.resources;
  const seen = new Set<string>();
  for (const file of files) {
    if (seen.has(file.uri)) return `The file ${file.uri} is listed twice.`;
    seen.add(file.uri);
    if (!isInSkill(entry.uri, file.uri)) return `The file ${file.uri} is outside the skill's folder.`;
    if (!DIGEST.test(file.digest)) return `The digest of ${file.uri} is not sha256:{64 hex digits}.`;
  }
  if (!seen.has(entry.uri)) return 'The list of files does not include the SKILL.md itself.';
  const { count, bytes } = manifestSize(files);
  if (count > MAX_SKILL_FILES)
    return `It has ${count} files; Switchboard loads skills of at most ${MAX_SKILL_FILES}.`;
  if (bytes > MAX_SKILL_BYTES)
    return `Its files add up to ${bytes} bytes; Switchboard loads skills of at most ${MAX_SKILL_BYTES} (16 MiB).`;
  return undefined;
}

function hasDotSegment(uri: string): boolean {
  const at = uri.indexOf('://');
  const path = at < 0 ? uri : uri.slice(at + 3);
  return path.split('/').some((segment) => {
    const plain = segment.replace(/%2e/gi, '.');
    return plain === '.' || plain === '..';
  });
}
