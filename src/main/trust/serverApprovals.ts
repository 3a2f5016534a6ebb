// The person's approvals of servers, each pinned to the identity of what it runs, in server-approvals.json.
import { readFile, rename } from 'node:fs/promises';
import { z } from 'zod';
import type { ServerApprovalState, ServerOriginView } from '../../shared/serverApprovals';
import type { ServerEntry } from '../../shared/types';
import { Emitter, toCaller } from '../emitter';
import { messageOf } from '../errors';
import { sortedJson } from '../json/sortedJson';
import { writeFileAtomic } from '../storage/atomicFile';
import { isMissing, parseJson } from '../storage/settingsFile';
import type { ApprovedFrom } from './fillRules';
import { type CanonicalIdentity, canonicalIdentity, serverIdentity } from './identity';
import { shownOf, type ValuePart, valuePartSchema } from './shownValues';

const hashedPairs = z.array(z.tuple([z.string(), z.string()]));
const canonicalSchema = z.union([
  z.object({
    transport: z.literal('stdio'),
    command: z.string(),
    args: z.array(z.string()),
    cwd: z.string().nullable(),
    env: hashedPairs,
    sandbox: z
      .union([
        z.literal('off'),
        z.object({ network: z.union([z.enum(['none', 'any', 'default']), z.array(z.string())]) }),
      ])
      .optional(),
  }),
  z.object({
    transport: z.enum(['http', 'sse', 'auto']),
    url: z.string(),
    headers: hashedPairs,
    oauth: z.object({ settings: hashedPairs, secrets: hashedPairs }).optional(),
  }),
]);
const routeSchema = z.enum(['import', 'registry', 'bundle', 'link', 'outside']);
const recordSchema = z.object({
  name: z.string(),
  approved: z
    .object({
      identity: z.string(),
      canonical: canonicalSchema,
      /** Absent in records written before it was kept: those approvals count as the person's own. */
      from: z.enum(['own', 'outside']).optional(),
      /** The values that held references, as parts (never a secret), for "what changed". */
      shown: z.array(z.tuple([z.string(), z.array(valuePartSchema)])).optional(),
    })
    .optional(),
  denied: z.string().optional(),
  origin: z.object({ identity: z.string(), route: routeSchema, from: z.string() }).optional(),
});
const fileSchema = z.object({ version: z.literal(1), servers: z.array(recordSchema) });

type ApprovalRecord = Omit<z.infer<typeof recordSchema>, 'name'>;

/** What a server that entered the config without an origin of its own is shown as. */
export const OUTSIDE_ORIGIN: ServerOriginView = {
  route: 'outside',
  from: 'config.json changed by another program',
};

/** Nothing runs unless approved here; a damaged file approves nothing (and is kept as .bak). */
export class ServerApprovals {
  private readonly records = new Map<string, ApprovalRecord>();
  private writing: Promise<void> = Promise.resolve();
  /** A failing listener fails the change that told it. */
  private readonly changes = new Emitter<string[]>(toCaller);

  constructor(
    private readonly path: string,
    private readonly onProblem: (message: string) => void = () => {},
  ) {}

  /** Reads the record; false when there was none yet (the first run with approvals). */
  async load(): Promise<boolean> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if (isMissing(error)) return false;
      this.onProblem(
        `Could not read the server approvals (${messageOf(error)}); every server waits for approval.`,
      );
      return true;
    }
    const parsed = fileSchema.safeParse(parseJson(text));
    if (!parsed.success) {
      // A damaged file that cannot be moved aside is replaced by the next save.
      await rename(this.path, `${this.path}.bak`).catch(() => {});
      this.onProblem(
        'The server approvals file was damaged; every server waits for approval. It was kept as .bak.',
      );
      return true;
    }
    for (const { name, ...record } of parsed.data.servers) this.records.set(name, record);
    return true;
  }

  /** Told the names whose approval changed. */
  onDidChange(listener: (names: string[]) => void): () => void {
    return this.changes.on(listener);
  }

  /** Whether `name` may run `entry`. */
  state(name: string, entry: ServerEntry): ServerApprovalState {
    const record = this.records.get(name);
    const identity = serverIdentity(entry);
    if (record?.approved?.identity === identity) return 'approved';
    return record?.denied === identity ? 'denied' : 'waiting';
  }

  /** Where `entry` came from, when it was proposed with an origin; otherwise a change made outside. */
  originOf(name: string, entry: ServerEntry): ServerOriginView {
    const origin = this.records.get(name)?.origin;
    if (!origin || origin.identity !== serverIdentity(entry)) return OUTSIDE_ORIGIN;
    return { route: origin.route, from: origin.from };
  }

  /** What `name` ran when it was last approved, if it ever was. */
  lastApproved(name: string): CanonicalIdentity | undefined {
    return this.records.get(name)?.approved?.canonical;
  }

  /** The values holding references that `name` had when it was last approved (by identity key). */
  lastShown(name: string): [string, ValuePart[]][] {
    return this.records.get(name)?.approved?.shown ?? [];
  }

  /** Whose entry the approval of `name` covers; undefined when it was never approved. */
  approvedFrom(name: string): ApprovedFrom | undefined {
    const approved = this.records.get(name)?.approved;
    return approved ? (approved.from ?? 'own') : undefined;
  }

  /**
   * The person approved these entries: `from` says whether they wrote them (in the app, at the first run)
   * or approved them in the dialog after they came from elsewhere. An entry that came from elsewhere stays
   * so when the person edits it in the app: what it carried is still not theirs. `record` saves the record
   * even when nothing changed, so a first run leaves one behind.
   */
  approve(
    servers: Iterable<readonly [string, ServerEntry]>,
    from: ApprovedFrom,
    options: { record?: boolean } = {},
  ): void {
    const names: string[] = [];
    for (const [name, entry] of servers) {
      if (this.state(name, entry) === 'approved') continue;
      const kept = this.keptFrom(name, entry, from);
      this.records.set(name, {
        approved: {
          identity: serverIdentity(entry),
          canonical: canonicalIdentity(entry),
          from: kept,
          shown: shownOf(entry),
        },
      });
      names.push(name);
    }
    if (options.record && names.length === 0) this.save();
    this.changed(names);
  }

  /**
   * Whose entry an approval of `entry` for `name` covers. One from elsewhere stays so. The person's own stays
   * theirs when approved again in the dialog only because its identity now covers its `oauth` (the record was
   * written before it did, and nothing else changed): that reset asks again, but takes nothing from the person.
   */
  private keptFrom(name: string, entry: ServerEntry, from: ApprovedFrom): ApprovedFrom {
    const approved = this.records.get(name)?.approved;
    if (!approved) return from;
    if ((approved.from ?? 'own') === 'outside') return 'outside';
    if (from === 'own' || onlyOAuthNewlyCovered(approved.canonical, canonicalIdentity(entry))) return 'own';
    return from;
  }

  /** The person said no to `entry` for `name`: it stays stopped until they review it again. */
  deny(name: string, entry: ServerEntry): void {
    this.records.set(name, { ...this.records.get(name), denied: serverIdentity(entry) });
    this.changed([name]);
  }

  /** Asks about `name` again after a no. */
  review(name: string): void {
    const record = this.records.get(name);
    if (!record?.denied) return;
    const { denied: _, ...rest } = record;
    this.records.set(name, rest);
    this.changed([name]);
  }

  /** Notes where `entry` came from, for the dialog; it still waits for approval. */
  noteOrigin(name: string, entry: ServerEntry, origin: ServerOriginView): void {
    const { denied: _, ...rest } = this.records.get(name) ?? {};
    this.records.set(name, { ...rest, origin: { identity: serverIdentity(entry), ...origin } });
    this.changed([name]);
  }

  /** The names of every server with a record. */
  names(): string[] {
    return [...this.records.keys()];
  }

  /** Forgets everything about `name` (it left the config): put back, even unchanged, it waits for approval. */
  forget(name: string): void {
    if (this.records.delete(name)) this.changed([name]);
  }

  /** The person renamed `from` to `to` in the app: its record goes with it, whose entry it is included. */
  rename(from: string, to: string): void {
    const record = this.records.get(from);
    if (!record) return;
    this.records.delete(from);
    this.records.set(to, record);
    this.changed([from, to]);
  }

  /** Resolves once every change so far is on disk. */
  flush(): Promise<void> {
    return this.writing;
  }

  private changed(names: string[]): void {
    if (names.length === 0) return;
    this.save();
    this.changes.emit(names);
  }

  private save(): void {
    const servers = [...this.records].map(([name, record]) => ({ name, ...record }));
    const data = `${JSON.stringify({ version: 1, servers }, null, 2)}\n`;
    this.writing = this.writing
      .then(() => writeFileAtomic(this.path, data, 0o600))
      .catch((error) => this.onProblem(`Could not save the server approvals: ${messageOf(error)}`));
  }
}

/** True when `now` differs from `before` only by an `oauth` that identities of `before`'s time did not cover. */
function onlyOAuthNewlyCovered(before: CanonicalIdentity, now: CanonicalIdentity): boolean {
  if (before.transport === 'stdio' || now.transport === 'stdio' || before.oauth || !now.oauth) return false;
  const { oauth: _, ...rest } = now;
  return sortedJson(rest) === sortedJson(before);
}
