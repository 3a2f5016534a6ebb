// Verified skill files kept on disk, in the host's data folder only: a folder per server (name and identity) and skill URI, each read checked again.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SkillFile } from '../../shared/skills';
import { writeFileAtomic } from '../storage/atomicFile';
import { isMissing } from '../storage/settingsFile';
import type { SkillIdentity } from './skillKey';
import { digestOf } from './skillVerify';

const ORIGIN = 'origin.json';
const SKILL = 'skill.json';

const hex = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Files of skills as they were verified when read, owner-only, never changed in place. A file is served
 * from here only when its bytes hash, on this read, to the digest the skill's current entry lists; so
 * a file changed on disk is fetched again. The folders say whose each file is: `origin.json` names the
 * server and its identity, `skill.json` the skill's URI. Nothing here is ever a skill the host finds on
 * its own: only the skills room reads it, as content from that server.
 */
export class SkillFiles {
  constructor(private readonly dir: string) {}

  /** The folder of `skill`'s files: under its server's (name and identity), then its URI. */
  folderOf(skill: SkillIdentity): string {
    return join(this.serverFolder(skill), hex(skill.uri));
  }

  /** The bytes kept for `file` of `skill` when they still hash to its digest; undefined otherwise. */
  async get(skill: SkillIdentity, file: SkillFile): Promise<Buffer | undefined> {
    let bytes: Buffer;
    try {
      bytes = await readFile(join(this.folderOf(skill), hex(file.uri)));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    return bytes.length === file.size && digestOf(bytes) === file.digest ? bytes : undefined;
  }

  /** Keeps `bytes`, verified against `file` by the caller. */
  async put(skill: SkillIdentity, file: SkillFile, bytes: Uint8Array): Promise<void> {
    const folder = this.folderOf(skill);
    await mkdir(folder, { recursive: true, mode: 0o700 });
    await writeOnce(join(this.serverFolder(skill), ORIGIN), {
      server: skill.server,
      identity: skill.identity,
    });
    await writeOnce(join(folder, SKILL), { uri: skill.uri });
    await writeFileAtomic(join(folder, hex(file.uri)), bytes, 0o600);
  }

  /** Removes every file kept for the server named `server` (it left the config). */
  async forgetServer(server: string): Promise<void> {
    let folders: string[];
    try {
      folders = await readdir(this.dir);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const folder of folders) {
      const origin = await readFile(join(this.dir, folder, ORIGIN), 'utf8').catch(() => '');
      const named = parseOrigin(origin)?.server;
      if (named === server) await rm(join(this.dir, folder), { recursive: true, force: true });
    }
  }

  private serverFolder(skill: SkillIdentity): string {
    return join(this.dir, hex(JSON.stringify([skill.server, skill.identity])));
  }
}

async function writeOnce(path: string, value: unknown): Promise<void> {
  await writeFile(path, JSON.stringify(value), { mode: 0o600, flag: 'wx' }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  });
}

function parseOrigin(text: string): { server?: unknown } | undefined {
  try {
    return JSON.parse(text) as { server?: unknown };
  } catch {
    // A folder without a readable origin is not one this server can be told apart by; it stays.
    return undefined;
  }
}
