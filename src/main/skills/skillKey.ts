// A skill's identity: the server it comes from (the host's name and the pinned identity of its entry) with its URI.
import { createHash } from 'node:crypto';

/** Whose skill it is and which: never its URI or name alone. */
export type SkillRef = { server: string; uri: string };

/** A skill's identity: its server's name and pinned identity (trust/identity.ts) and its SKILL.md URI. */
export type SkillIdentity = SkillRef & { identity: string };

/** One string per identity, for maps and stored records; equal only for the same server, identity and URI. */
export function skillKey({ server, identity, uri }: SkillIdentity): string {
  return JSON.stringify([server, identity, uri]);
}

/** A name for the skill's identity that is safe in file names (hex). */
export function skillFolder(identity: SkillIdentity): string {
  return createHash('sha256').update(skillKey(identity)).digest('hex');
}
