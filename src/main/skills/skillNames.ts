// What a skill is called where names collide: a name is a label, never an identity, so same-named skills are told apart.
import { skillPath, skillRoot } from './skillEntry';

/** A skill as naming needs it: its server (the host's name for it), SKILL.md URI and frontmatter name. */
export type NamedSkill = { server: string; uri: string; name: string };

/**
 * The label of each skill of one server, by URI: its name where no other skill of the server has it,
 * else the fewest trailing path segments that tell it apart (`billing/refunds`, `support/refunds`),
 * else its whole URI (two schemes with the same path). No skill is dropped or preferred.
 */
export function labelsIn(skills: readonly Pick<NamedSkill, 'uri' | 'name'>[]): Map<string, string> {
  const byName = new Map<string, string[]>();
  for (const skill of skills) byName.set(skill.name, [...(byName.get(skill.name) ?? []), skill.uri]);
  const labels = new Map<string, string>();
  for (const [name, uris] of byName) {
    const unique = [...new Set(uris)];
    if (unique.length === 1) {
      labels.set(unique[0] as string, name);
      continue;
    }
    for (const uri of unique) labels.set(uri, distinguishing(uri, unique));
  }
  return labels;
}

/** The other servers that have a skill named like `skill`, sorted: each name lives in its own server's namespace. */
export function sameNameOn(skill: NamedSkill, all: readonly NamedSkill[]): string[] {
  const servers = all
    .filter((other) => other.name === skill.name && other.server !== skill.server)
    .map((other) => other.server);
  return [...new Set(servers)].sort();
}

/** The skill of the same server whose folder holds `skill`'s folder (the nearest one), if any. */
export function enclosing<S extends Pick<NamedSkill, 'uri'>>(skill: S, others: readonly S[]): S | undefined {
  const root = skillRoot(skill.uri);
  let found: S | undefined;
  for (const other of others) {
    const outer = skillRoot(other.uri);
    if (other.uri === skill.uri || !root.startsWith(`${outer}/`)) continue;
    if (!found || outer.length > skillRoot(found.uri).length) found = other;
  }
  return found;
}

function distinguishing(uri: string, all: readonly string[]): string {
  const segments = skillPath(uri).split('/');
  const others = all.filter((other) => other !== uri).map((other) => skillPath(other).split('/'));
  for (let take = 2; take <= segments.length; take++) {
    const tail = segments.slice(-take).join('/');
    if (others.every((other) => other.slice(-take).join('/') !== tail)) return tail;
  }
  return uri;
}
