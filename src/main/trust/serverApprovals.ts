// The person's approvals of servers, each pinned to the identity of what it runs, in server-approvals.json.
import { readFile, rename } from 'node:fs/promises';
import { z } from 'zod';
import type { ServerApprovalState, ServerOriginView } from '../../shared/serverApprovals';
import type { ServerEntry } from '../../shared/types';
import { messageOf } from '../errors';
import { writeFileAtomic } from '../storage/atomicFile';
import { isMissing, parseJson } from '../storage/settingsFile';
import { type CanonicalIdentity, canonicalIdentity, serverIdentity } from './identity';

const hashedPairs = z.array(z.tuple([z.string(), z.string()]));
const canonicalSchema = z.union([
  z.object({
    transport: z.literal('stdio'),
    command: z.string(),
    args: z.array(z.string()),
    cwd: z.string().nullable(),
    env: hashedPairs,
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
  approved: z.object({ identity: z.string(), canonical: canonicalSchema }).optional(),
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
  private readonly listeners = new Set<(names: string[]) => void>();

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
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
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

  /**
   * The person approved these entries (in the dialog, or by writing them in the app). `record` saves
   * the record even when nothing changed, so a first run leaves one behind.
   */
  approve(servers: Iterable<readonly [string, ServerEntry]>, options: { record?: boolean } = {}): void {
    const names: string[] = [];
    for (const [name, entry] of servers) {
      if (this.state(name, entry) === 'approved') continue;
      this.records.set(name, {
        approved: { identity: serverIdentity(entry), canonical: canonicalIdentity(entry) },
      });
      names.push(name);
    }
    if (options.record && names.length === 0) this.save();
    this.changed(names);
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

  /** Resolves once every change so far is on disk. */
  flush(): Promise<void> {
    return this.writing;
  }

  private changed(names: string[]): void {
    if (names.length === 0) return;
    this.save();
    for (const listener of [...this.listeners]) listener(names);
  }

  private save(): void {
    const servers = [...this.records].map(([name, record]) => ({ name, ...record }));
    const data = `${JSON.stringify({ version: 1, servers }, null, 2)}\n`;
    this.writing = this.writing
      .then(() => writeFileAtomic(this.path, data, 0o600))
      .catch((error) => this.onProblem(`Could not save the server approvals: ${messageOf(error)}`));
  }
}
