// Every server's skills as the person and the model see them: checked entries, labels, nesting, collisions and approvals.
import type { SkillEntry, SkillView } from '../../shared/skills';
import type { Json, ServerView } from '../../shared/types';
import type { ApprovalCheck, SkillApprovals } from '../consent/skillApprovals';
import { HostFault } from '../errors';
import { getSkill } from '../servers/catalogue/skills';
import type { ServerConnection } from '../servers/session/connection';
import { serverIdentity } from '../trust/identity';
import { type CheckedEntry, checkEntry, skillPath } from './skillEntry';
import type { SkillIdentity, SkillRef } from './skillKey';
import { enclosing, labelsIn, sameNameOn } from './skillNames';

/** A server as the skills need it. */
export type SkillServer = Pick<
  ServerConnection,
  'name' | 'entry' | 'skillEntries' | 'note' | 'withClient' | 'view'
>;

/** The servers, as `ServerManager` gives them. */
export type SkillServers = { list(): ServerView[]; get(name: string): SkillServer };

/** A registered skill whose entry keeps the extension's rules. */
export type Usable = Registered & { entry: SkillEntry };

/**
 * The registry, built afresh from each server's listing (live or saved) and the entries `skills/get`
 * gave: an entry fetched again is newer than the listing it was fetched over, until the listing changes.
 */
export class SkillRegistry {
  private readonly fetched = new Map<string, Map<string, { raw: Json; listing: readonly Json[] }>>();

  constructor(
    private readonly servers: SkillServers,
    private readonly approvals: Pick<SkillApprovals, 'check'>,
  ) {}

  all(): Registered[] {
    const sources = this.servers.list().map((view) => {
      const server = this.servers.get(view.name);
      const listing = server.skillEntries();
      const fetched = this.fetched.get(view.name) ?? new Map();
      const listedUris = new Set<string>();
      const listed = listing.entries.map((raw) => {
        const uri = (raw as { uri?: unknown } | null)?.uri;
        if (typeof uri !== 'string') return raw;
        listedUris.add(uri);
        const newer = fetched.get(uri);
        return newer && newer.listing === listing.entries ? newer.raw : raw;
      });
      const referenced = [...fetched].filter(([uri]) => !listedUris.has(uri)).map(([, found]) => found.raw);
      const identity = serverIdentity(server.entry);
      return { server: view.name, identity, listed, cached: listing.cached, referenced };
    });
    return registerSkills(sources, (identity, entry) => this.approvals.check(identity, entry));
  }

  /** The registered skill `ref`, if the registry has it. */
  known(ref: SkillRef): Registered | undefined {
    return this.all().find((item) => item.view.server === ref.server && item.view.uri === ref.uri);
  }

  /** The registered skill `ref`; one the registry does not have is asked of its server with `skills/get`. */
  async find(ref: SkillRef): Promise<Registered> {
    this.servers.get(ref.server);
    return this.known(ref) ?? this.fetch(ref);
  }

  /** Asks the server for the entry of `ref` now: the URI's scheme never makes it a skill, the server's answer does. */
  async fetch(ref: SkillRef): Promise<Registered> {
    const server = this.servers.get(ref.server);
    const raw = await getSkill(server, ref.uri);
    const checked = checkEntry(raw);
    const uri = 'entry' in checked ? checked.entry.uri : checked.uri;
    if (uri !== ref.uri)
      throw new HostFault('server_error', {
        id: 'host.skills.answeredForOther',
        values: { server: ref.server, answered: String(uri), asked: ref.uri },
      });
    const fetched = this.fetched.get(ref.server) ?? new Map();
    fetched.set(uri, { raw, listing: server.skillEntries().entries });
    this.fetched.set(ref.server, fetched);
    const registered = this.known(ref);
    if (!registered)
      throw new HostFault('internal', { id: 'host.skills.entryNotKept', values: { uri: ref.uri } });
    return registered;
  }
}

/** `item` when its entry may be used at all; else a refusal that says why. */
export function usable(item: Registered): Usable {
  if (!item.entry)
    throw new HostFault('forbidden', {
      id: 'host.skills.refused',
      values: {
        label: item.view.label,
        server: item.view.server,
        given: item.view.problem === undefined ? 'no' : 'yes',
        why: item.view.problem ?? '',
      },
    });
  return item as Usable;
}

/** The skill by its label and server, for what the person and the model are told. */
export function describe(item: Registered): string {
  return `${item.view.label} of "${item.view.server}"`;
}

/** Why a skill was not loaded, in the person's words. */
export function refusal(item: Registered, why: string): string {
  return `The skill ${describe(item)} was refused: ${why}`;
}

/** Where one server's entries come from: its listing (live or saved), and the skills found by their URI. */
export type ServerSkills = {
  server: string;
  identity: string;
  listed: readonly Json[];
  /** True when the listing is the one saved at the server's last run. */
  cached: boolean;
  referenced: readonly Json[];
};

/** One skill of the registry: its identity, its entry when it may be used, and the view of it. */
export type Registered = { identity: SkillIdentity; entry?: SkillEntry; view: SkillView };

/**
 * The registry: each skill under its server (a name never leaves its server's namespace), entries that
 * break the extension's rules kept with why, a listed entry before a referenced one of the same URI.
 */
export function registerSkills(
  servers: readonly ServerSkills[],
  approval: (identity: SkillIdentity, entry: SkillEntry) => ApprovalCheck,
): Registered[] {
  const found = servers.flatMap((source) => checkedOf(source));
  const named = found.map(({ server, uri, name }) => ({ server, uri, name }));
  return found.map((item) => {
    const sameServer = named.filter((other) => other.server === item.server);
    const labels = labelsIn(sameServer);
    const within = item.entry ? enclosing(item, sameServer) : undefined;
    const base = {
      server: item.server,
      uri: item.uri,
      name: item.name,
      label: labels.get(item.uri) ?? item.name,
      source: item.source,
      ...(item.cached ? { cached: true } : {}),
      ...(within ? { within: labels.get(within.uri) ?? within.name } : {}),
    };
    const others = sameNameOn(item, named);
    const collisions = others.length > 0 ? { sameNameOn: others } : {};
    const identity = { server: item.server, identity: item.identity, uri: item.uri };
    if (!item.entry) {
      const view: SkillView = {
        ...base,
        description: '',
        frontmatter: {},
        files: [],
        approval: 'not-approved',
        problem: item.problem,
        ...collisions,
      };
      return { identity, view };
    }
    const { frontmatter, resources } = item.entry;
    const allowed = frontmatter['allowed-tools'];
    const view: SkillView = {
      ...base,
      description: String(frontmatter.description),
      frontmatter,
      files: resources,
      ...approval(identity, item.entry),
      ...(allowed === undefined
        ? {}
        : { allowedTools: typeof allowed === 'string' ? allowed : JSON.stringify(allowed) }),
      ...collisions,
    };
    return { identity, entry: item.entry, view };
  });
}

type Found = {
  server: string;
  identity: string;
  uri: string;
  name: string;
  source: 'listed' | 'referenced';
  cached: boolean;
  entry?: SkillEntry;
  problem?: string;
};

function checkedOf(source: ServerSkills): Found[] {
  const seen = new Set<string>();
  const out: Found[] = [];
  const add = (raw: Json, from: 'listed' | 'referenced') => {
    const checked = checkEntry(raw);
    const uri = 'entry' in checked ? checked.entry.uri : checked.uri;
    // An entry without a URI cannot be named or asked for again; one listed twice is the same skill.
    if (uri === undefined || seen.has(uri)) return;
    seen.add(uri);
    out.push({
      server: source.server,
      identity: source.identity,
      uri,
      name: nameOf(raw, uri),
      source: from,
      cached: from === 'listed' && source.cached,
      ...entryOrProblem(checked),
    });
  };
  for (const raw of source.listed) add(raw, 'listed');
  for (const raw of source.referenced) add(raw, 'referenced');
  return out;
}

function entryOrProblem(checked: CheckedEntry): { entry: SkillEntry } | { problem: string } {
  return 'entry' in checked ? { entry: checked.entry } : { problem: checked.problem };
}

function nameOf(raw: Json, uri: string): string {
  const name = (raw as { frontmatter?: { name?: unknown } } | null)?.frontmatter?.name;
  return typeof name === 'string' && name !== '' ? name : (skillPath(uri).split('/').at(-1) ?? uri);
}
