// The shared folders and which of them each server sees, kept in roots.json (written atomically).
import { z } from 'zod';
import { type NameRecord, nameRecord, ownValue } from '../../shared/nameRecord';
import { nameRecordSchema } from '../../shared/nameRecordSchema';
import type { RootsView, RootView, ServerRoots } from '../../shared/roots';
import { Emitter } from '../emitter';
import { HostFault, messageOf } from '../errors';
import { JsonSettingsStore, type SettingsWords } from '../storage/jsonSettingsStore';
import { validateRoot } from './validate';

export type RootsStoreOptions = {
  /** Every configured server, so the view shows each one's sharing (also those never changed). */
  serverNames?: () => string[];
  /** Told when the file could not be used; the store then starts with no shared folders. */
  onProblem?: (message: string) => void;
};

/** Whether a server may receive its roots: allowed, refused, or not asked yet. */
export type RootsDecision = 'allowed' | 'denied' | 'unasked';

/** One server's entry on disk: `denied` remembers a "no" so the person is not asked again. */
type StoredServer = ServerRoots & { denied?: boolean };

const rootSchema = z.object({ uri: z.string(), name: z.string(), path: z.string() });
const serverSchema = z.object({
  mode: z.enum(['all', 'subset']),
  uris: z.array(z.string()),
  confirmed: z.boolean(),
  denied: z.boolean().optional(),
  readOnly: z.array(z.string()).optional(),
});
const fileSchema = z.object({
  version: z.literal(1),
  roots: z.array(rootSchema),
  servers: nameRecordSchema(z.string(), serverSchema),
});

const DEFAULT_SERVER: ServerRoots = { mode: 'all', uris: [], confirmed: false };

const WORDS: SettingsWords = {
  unreadable: (why) =>
    `Could not read your shared folders (${why}). No folders are shared until you add them again.`,
  damaged: (kept) => `Your shared folders file was damaged, so no folders are shared. ${kept}`,
};

/** The roots and per-server sharing; every change is saved, then announced through `onDidChange`. */
export class RootsStore {
  private roots: RootView[] = [];
  private servers: NameRecord<StoredServer> = nameRecord();
  private loading: Promise<void> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly changes: Emitter<RootsView>;
  private readonly file: JsonSettingsStore<z.infer<typeof fileSchema>>;

  constructor(
    private readonly path: string,
    private readonly options: RootsStoreOptions = {},
  ) {
    // A failing listener is reported; the others are still told and the change is still saved.
    this.changes = new Emitter((error) =>
      options.onProblem?.(`A roots listener failed: ${messageOf(error)}`),
    );
    this.file = new JsonSettingsStore(path, {
      schema: fileSchema,
      words: WORDS,
      onProblem: options.onProblem,
    });
  }

  /** Reads the file once (later calls wait for the same read). Missing means nothing shared; a damaged file is kept as `.bak`. */
  load(): Promise<void> {
    this.loading ??= this.read();
    return this.loading;
  }

  /** Shares a folder after `validateRoot`; answers the stored root. */
  add(path: string, name?: string): Promise<RootView> {
    return this.exclusive(async () => {
      const root = await validateRoot(path, this.roots, name);
      this.roots = [...this.roots, root];
      await this.changed();
      return root;
    });
  }

  /** Stops sharing a folder, also with every server that had it in its subset. */
  remove(uri: string): Promise<void> {
    return this.exclusive(async () => {
      this.require(uri);
      this.roots = this.roots.filter((root) => root.uri !== uri);
      for (const [server, entry] of Object.entries(this.servers)) {
        this.servers[server] = { ...entry, uris: entry.uris.filter((item) => item !== uri) };
      }
      await this.changed();
    });
  }

  rename(uri: string, name: string): Promise<void> {
    return this.exclusive(async () => {
      const root = this.require(uri);
      const trimmed = name.trim();
      if (!trimmed) throw new HostFault('invalid_input', { id: 'host.roots.needsName' });
      this.roots = this.roots.map((item) => (item === root ? { ...root, name: trimmed } : item));
      await this.changed();
    });
  }

  /** Which roots `server` sees. Also lifts an earlier "no", so the person is asked again. */
  setServer(server: string, mode: ServerRoots['mode'], uris: string[]): Promise<void> {
    return this.exclusive(async () => {
      for (const uri of uris) this.require(uri);
      const { denied: _denied, ...entry } = this.entry(server);
      this.servers[server] = { ...entry, mode, uris: [...new Set(uris)] };
      await this.changed();
    });
  }

  /** Whether `server`'s sandbox may only read the shared folder `uri` (every folder is read-write by default). */
  setReadOnly(server: string, uri: string, readOnly: boolean): Promise<void> {
    return this.exclusive(async () => {
      this.require(uri);
      const entry = this.entry(server);
      const others = (entry.readOnly ?? []).filter((item) => item !== uri);
      const list = readOnly ? [...others, uri] : others;
      const { readOnly: _readOnly, ...rest } = entry;
      this.servers[server] = list.length > 0 ? { ...rest, readOnly: list } : rest;
      await this.changed();
    });
  }

  /** The shared folders `server` may only read. */
  readOnlyFor(server: string): ReadonlySet<string> {
    return new Set(this.entry(server).readOnly ?? []);
  }

  /**
   * Remembers the person's answer to "Share these folders with <server>?". With `shared`, a yes covers
   * exactly those folders (still shared), so folders added later are not shared without the person.
   */
  setConfirmed(server: string, confirmed: boolean, shared?: readonly string[]): Promise<void> {
    return this.exclusive(async () => {
      const { denied: _denied, ...entry } = this.entry(server);
      if (!confirmed) {
        this.servers[server] = { ...entry, confirmed, denied: true };
      } else if (shared) {
        const uris = this.roots.filter((root) => shared.includes(root.uri)).map((root) => root.uri);
        this.servers[server] = { ...entry, confirmed, mode: 'subset', uris };
      } else {
        this.servers[server] = { ...entry, confirmed };
      }
      await this.changed();
    });
  }

  /** The roots `server` may see: all of them (the default) or its subset, in the order they were added. */
  visibleTo(server: string): RootView[] {
    const entry = this.entry(server);
    if (entry.mode === 'all') return [...this.roots];
    return this.roots.filter((root) => entry.uris.includes(root.uri));
  }

  confirmed(server: string): boolean {
    return this.entry(server).confirmed;
  }

  decision(server: string): RootsDecision {
    const entry = this.entry(server);
    return entry.confirmed ? 'allowed' : entry.denied ? 'denied' : 'unasked';
  }

  list(): RootView[] {
    return [...this.roots];
  }

  view(): RootsView {
    const names = this.options.serverNames?.() ?? Object.keys(this.servers);
    const servers: RootsView['servers'] = nameRecord();
    for (const name of names) {
      const { mode, uris, confirmed, readOnly } = this.entry(name);
      const shared = (uri: string) => this.roots.some((root) => root.uri === uri);
      const readOnlyShared = (readOnly ?? []).filter(shared);
      servers[name] = {
        mode,
        uris: uris.filter(shared),
        confirmed,
        ...(readOnlyShared.length > 0 ? { readOnly: readOnlyShared } : {}),
      };
    }
    return { roots: this.list(), servers };
  }

  onDidChange(listener: (view: RootsView) => void): () => void {
    return this.changes.on(listener);
  }

  private entry(server: string): StoredServer {
    return ownValue(this.servers, server) ?? DEFAULT_SERVER;
  }

  private require(uri: string): RootView {
    const root = this.roots.find((item) => item.uri === uri);
    if (!root) throw new HostFault('not_found', { id: 'host.roots.notShared', values: { uri } });
    return root;
  }

  /** Runs changes one at a time, after the file was read, so checks and writes never interleave. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(() => this.load()).then(work);
    // The caller hears of a failure through `run`; the queue only waits for it to end.
    this.queue = run.catch(() => {});
    return run;
  }

  /** Saves (writes run one at a time, in order) and tells listeners; resolves once the save is on disk. */
  private async changed(): Promise<void> {
    const saved = this.file.save({ version: 1, roots: this.roots, servers: this.servers });
    const view = this.view();
    this.changes.emit(view);
    try {
      await saved;
    } catch (error) {
      throw new HostFault('internal', {
        id: 'host.roots.saveFailed',
        values: { path: this.path, error: messageOf(error) },
      });
    }
  }

  private async read(): Promise<void> {
    const stored = await this.file.load();
    if (!stored) return;
    this.roots = stored.roots;
    this.servers = stored.servers;
  }
}
