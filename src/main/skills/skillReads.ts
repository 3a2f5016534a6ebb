// Reading a skill's files: each checked against its entry before anything uses it, kept once verified; a dynamic skill's folder walked.
import type { SkillEntry, SkillFile } from '../../shared/skills';
import { HostFault, messageOf } from '../errors';
import type { DirectoryChild } from '../servers/catalogue/skills';
import { MAX_SKILL_FILES, skillRoot } from './skillEntry';
import type { SkillFiles } from './skillFiles';
import type { SkillIdentity } from './skillKey';
import { bytesOf, fileProblem, type ReadContents } from './skillVerify';

/** What a skill's server is asked: a file's contents, and a folder's children (only where it reads directories). */
export type SkillSource = {
  read(uri: string): Promise<ReadContents>;
  directory(uri: string): Promise<DirectoryChild[]>;
};

/** A read that is not what the skill's entry describes: a size or digest mismatch, or an unlisted file. */
export class VerificationFailure extends HostFault {
  constructor(message: string) {
    super('forbidden', message);
    this.name = 'VerificationFailure';
  }
}

/** How deep a dynamic skill's folders are walked at most. */
const MAX_DEPTH = 8;

/**
 * The bytes of `file`, verified: from the kept copy when its bytes still hash to the digest, else read
 * from the server and checked (size, then digest) before they are kept or used. `problem` hears a
 * kept copy that could not be read or written (the file is then read from the server).
 */
export async function readVerified(
  kept: SkillFiles,
  skill: SkillIdentity,
  file: SkillFile,
  source: SkillSource,
  problem: (text: string) => void,
): Promise<Buffer> {
  const cached = await kept.get(skill, file).catch((error: unknown) => {
    problem(`Could not read the kept copy of ${file.uri}: ${messageOf(error)}`);
    return undefined;
  });
  if (cached) return cached;
  const bytes = bytesOf(await source.read(file.uri));
  const wrong = fileProblem(bytes, file);
  if (wrong) throw new VerificationFailure(wrong);
  await kept
    .put(skill, file, bytes)
    .catch((error: unknown) => problem(`Could not keep a copy of ${file.uri}: ${messageOf(error)}`));
  return bytes;
}

/**
 * The files under a dynamic skill's `root`, as the server's directories say now (a live observation, no
 * integrity): breadth first, at most the extension's file limit and a few levels deep.
 */
export async function walkFolder(source: SkillSource, root: string): Promise<string[]> {
  const files: string[] = [];
  let level = [root];
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0; depth++) {
    const next: string[] = [];
    for (const folder of level) {
      for (const child of await source.directory(folder)) {
        // A child outside the folder asked for is not part of this skill, whatever the server says.
        if (!child.uri.startsWith(`${folder}/`)) continue;
        if (child.directory) next.push(child.uri);
        else files.push(child.uri);
        if (files.length >= MAX_SKILL_FILES) return files;
      }
    }
    level = next;
  }
  return files;
}

/**
 * The files a loaded skill names to the model besides SKILL.md: the others its manifest lists, or for a
 * dynamic skill what its folder holds now, where the server reads directories. A folder that cannot be
 * read lists nothing (said through `problem`); the skill still loads.
 */
export async function otherFiles(
  entry: SkillEntry,
  source: SkillSource,
  directoryRead: boolean,
  problem: (text: string) => void,
): Promise<{ uri: string; size?: number }[]> {
  if (entry.resources !== 'dynamic')
    return entry.resources.filter((file) => file.uri !== entry.uri).map(({ uri, size }) => ({ uri, size }));
  if (!directoryRead) return [];
  const found = await walkFolder(source, skillRoot(entry.uri)).catch((error: unknown) => {
    problem(`Could not list the files of ${entry.uri}: ${messageOf(error)}`);
    return [];
  });
  return found.filter((uri) => uri !== entry.uri).map((uri) => ({ uri }));
}

/** A file's bytes as the model reads them: text when they are UTF-8, else a note of their size. */
export function textOf(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  return Buffer.from(text, 'utf8').equals(bytes) ? text : `[a binary file of ${bytes.length} bytes]`;
}
