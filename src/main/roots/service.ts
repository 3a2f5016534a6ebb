// Answers each server's roots/list with exactly its folders, asks the person first, and tells servers when theirs change.
import { realpath } from 'node:fs/promises';
import type { Client, ClientCapabilities } from '@modelcontextprotocol/client';
import type { Events } from '../../shared/contract';
import type { RootsConfirmation, RootsView, RootView, ServerRoots } from '../../shared/roots';
import { ConsentBroker, type PendingRequest } from '../consent/broker';
import { HostFault, type HostText, messageOf } from '../errors';
import type { RootsStore } from './store';

/** What the client declares so servers may ask for roots and expect `roots/list_changed`. */
export const ROOTS_CAPABILITY = { roots: { listChanged: true } } satisfies ClientCapabilities;

/** The `roots/list` answer. */
export type RootsAnswer = { roots: { uri: string; name: string }[] };

type RootsEvents = Pick<
  Events,
  'roots.changed' | 'roots.confirmationRequested' | 'roots.confirmationSettled'
>;

/** The servers as the roots service needs them; `ServerManager` fits. */
export type RootsServers = {
  get(name: string): {
    withClient<T>(what: string | HostText, work: (client: Client) => Promise<T>): Promise<T>;
  };
};

export type RootsServiceDeps = {
  store: RootsStore;
  servers: RootsServers;
  emit: <E extends keyof RootsEvents>(event: E, payload: RootsEvents[E]) => void;
  onProblem?: (message: string) => void;
};

type RootsQuestion = PendingRequest & { kind: 'roots'; roots: RootView[] };

/** One client of one server: what it was last given (`told`, as a key) and how many roots/list are under way. */
type Session = { client: Client; told: string | undefined; inFlight: number };

/** Marks a server that gave up waiting for its answer: it no longer knows its roots. */
const STALE = '\u0000stale';

/**
 * Composes the roots store with the running servers. A server that has not been confirmed is asked about
 * ("Share these folders with <server>?") the first time it would receive at least one root. Allow is
 * remembered with the folders shown (and later ones only if the person said so); deny is remembered too
 * and answers an empty list without asking, until the person changes that server's roots with
 * `setServer` (which lifts the "no", so the next request asks again).
 */
export class RootsService {
  private readonly broker = new ConsentBroker<RootsQuestion>();
  private readonly sessions = new Map<string, Session>();
  private readonly asking = new Map<string, Promise<boolean>>();

  constructor(private readonly deps: RootsServiceDeps) {
    deps.store.onDidChange((view) => deps.emit('roots.changed', view));
    this.broker.onDidRequest((question) =>
      deps.emit('roots.confirmationRequested', confirmationOf(question)),
    );
    this.broker.onDidSettle(({ id }) => deps.emit('roots.confirmationSettled', { id }));
  }

  /** Reads roots.json; call before servers start (requests also wait for it). */
  load(): Promise<void> {
    return this.deps.store.load();
  }

  async view(): Promise<RootsView> {
    await this.deps.store.load();
    return this.deps.store.view();
  }

  async add(path: string, name?: string): Promise<RootsView> {
    await this.deps.store.add(path, name);
    return this.changed();
  }

  async remove(uri: string): Promise<RootsView> {
    await this.deps.store.remove(uri);
    return this.changed();
  }

  async rename(uri: string, name: string): Promise<RootsView> {
    await this.deps.store.rename(uri, name);
    return this.changed();
  }

  /** Which roots `server` sees; also re-enables sharing after the person said no (they are asked again). */
  async setServer(server: string, mode: ServerRoots['mode'], uris: string[]): Promise<RootsView> {
    await this.deps.store.setServer(server, mode, uris);
    return this.changed();
  }

  /** Whether `server`'s sandbox may only read the shared folder `uri`. */
  async setReadOnly(server: string, uri: string, readOnly: boolean): Promise<RootsView> {
    await this.deps.store.setReadOnly(server, uri, readOnly);
    return this.changed();
  }

  /**
   * The folders `server`'s sandbox shows it: those shared with it once the person said yes to sharing them
   * ("Share these folders with …?"), none before or after a no; each read-only where the person chose so.
   */
  sandboxFolders(server: string): { path: string; readOnly: boolean }[] {
    const readOnly = this.deps.store.readOnlyFor(server);
    return this.sharedWith(server).map((root) => ({ path: root.path, readOnly: readOnly.has(root.uri) }));
  }

  /** Told after every change of the shared folders or of who sees them. */
  onDidChange(listener: (view: RootsView) => void): () => void {
    return this.deps.store.onDidChange(listener);
  }

  /**
   * Shares the folder at `path` with `server` and no other new server, as the person asked with one
   * click: the folder becomes a root (unless it is one), and `server` sees it as well as what it saw.
   */
  async shareWith(server: string, path: string): Promise<RootsView> {
    const store = this.deps.store;
    await store.load();
    const real = await realpath(path).catch(() => path);
    const root = store.list().find((item) => item.path === real) ?? (await store.add(real));
    const seen = store.decision(server) === 'allowed' ? store.visibleTo(server) : [];
    const uris = [...new Set([...seen.map((item) => item.uri), root.uri])];
    await store.setConfirmed(server, true, uris);
    return this.changed();
  }

  /** The folders `server` sees (all, or the ones the person chose for it); none after the person said no. */
  foldersOf(server: string): RootView[] {
    const store = this.deps.store;
    return store.decision(server) === 'denied' ? [] : store.visibleTo(server);
  }

  /** The folders `server` has been given: those it sees once the person said yes; none before. */
  sharedWith(server: string): RootView[] {
    return this.deps.store.decision(server) === 'allowed' ? this.deps.store.visibleTo(server) : [];
  }

  /** Questions waiting for the person, oldest first. */
  pending(): RootsConfirmation[] {
    return this.broker.pending().map(confirmationOf);
  }

  /**
   * The person's answer: remembered for the server, then the waiting roots/list is answered. An allow
   * shares the folders the person was shown; folders added later too only with `shareNew`.
   */
  async confirm(id: string, allow: boolean, shareNew = false): Promise<RootsView> {
    const question = this.broker.pending().find((item) => item.id === id);
    if (!question) {
      throw new HostFault('not_found', { id: 'host.roots.questionNotWaiting' });
    }
    try {
      const shown = shareNew ? undefined : question.roots.map((root) => root.uri);
      await this.deps.store.setConfirmed(question.server, allow, shown);
    } finally {
      // Answer even when saving failed, so the server is not left waiting; it may have settled meanwhile.
      if (this.broker.pending().some((item) => item.id === id))
        this.broker.answer(id, allow ? 'once' : 'deny');
    }
    return this.changed();
  }

  /** Settles the server's waiting question (its roots/list gets an empty list): it stopped or went away. */
  cancelServer(server: string): void {
    this.broker.cancelWhere((question) => question.server === server, 'server-gone');
  }

  /** Settles every waiting question with an empty list, e.g. when the window closes. */
  cancelAll(): void {
    this.broker.cancelWhere(() => true, 'cancelled');
  }

  /** The `roots/list` answer for `server`: exactly the roots it may see, after asking the person if need be. */
  async handleListRoots(server: string): Promise<RootsAnswer> {
    const store = this.deps.store;
    await store.load();
    const roots = store.visibleTo(server);
    if (roots.length === 0) return { roots: [] };
    const decision = store.decision(server);
    if (decision === 'denied') return { roots: [] };
    if (decision === 'unasked' && !(await this.ask(server, roots))) return { roots: [] };
    return answerOf(store.visibleTo(server));
  }

  /** For `ConnectionOptions.onClientCreated`: answers this client's roots/list (both protocol eras). */
  registerRootsHandler(client: Client, server: string): void {
    const session: Session = { client, told: undefined, inFlight: 0 };
    this.sessions.set(server, session);
    client.setRequestHandler('roots/list', async (_request, ctx) => {
      session.inFlight += 1;
      try {
        return await this.handleListRoots(server);
      } finally {
        session.inFlight -= 1;
        const gaveUp = ctx.mcpReq.signal.aborted;
        session.told = gaveUp ? STALE : keyOf(this.currentAnswer(server));
        if (gaveUp) void this.notifyChanged();
      }
    });
  }

  private ask(server: string, roots: RootView[]): Promise<boolean> {
    const waiting = this.asking.get(server);
    if (waiting) return waiting;
    // A question that could not be asked counts as a no.
    const asked = this.broker
      .ask({ kind: 'roots', server, roots })
      .then(
        (answer) => answer.decision !== 'deny',
        () => false,
      )
      .finally(() => this.asking.delete(server));
    this.asking.set(server, asked);
    return asked;
  }

  private async changed(): Promise<RootsView> {
    await this.notifyChanged();
    return this.deps.store.view();
  }

  /** What `server` would be given now without asking: nothing after a "no", else its visible roots. */
  private currentAnswer(server: string): RootsAnswer {
    const store = this.deps.store;
    return store.decision(server) === 'denied' ? { roots: [] } : answerOf(store.visibleTo(server));
  }

  /** Sends roots/list_changed to each server that asked before and whose answer is now different. */
  private async notifyChanged(): Promise<void> {
    const sends: Promise<void>[] = [];
    for (const [server, session] of this.sessions) {
      if (session.told === undefined || session.inFlight > 0) continue;
      const now = keyOf(this.currentAnswer(server));
      if (now === session.told) continue;
      session.told = now;
      sends.push(this.sendListChanged(server, session));
    }
    await Promise.all(sends);
  }

  private async sendListChanged(server: string, session: Session): Promise<void> {
    try {
      await this.deps.servers.get(server).withClient({ id: 'host.roots.notifyFailed' }, async (client) => {
        // 2026-07-28 servers get the current roots on their next input_required round instead.
        if (client !== session.client || client.getProtocolEra() === 'modern') return;
        await client.sendRootsListChanged();
      });
    } catch (error) {
      // A server that is not running asks afresh when it starts.
      if (!(error instanceof HostFault && (error.code === 'not_running' || error.code === 'not_found'))) {
        this.deps.onProblem?.(messageOf(error));
      }
    }
  }
}

function answerOf(roots: RootView[]): RootsAnswer {
  return { roots: roots.map(({ uri, name }) => ({ uri, name })) };
}

function keyOf(answer: RootsAnswer): string {
  return JSON.stringify(answer.roots);
}

function confirmationOf({ id, server, roots, requestedAt }: RootsQuestion): RootsConfirmation {
  return { id, server, roots, requestedAt };
}
