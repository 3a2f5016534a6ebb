// What a server leaves behind goes with it: leaving config.json (removed, or renamed by another program) forgets its
// approval, the values kept for it, its sign-in tokens and its skills' approvals and files; a rename in the app carries
// its approval and values along.
import type { ServerEntry } from '../../shared/types';
import { isRemoteEntry } from '../../shared/types';
import { messageOf } from '../errors';
import type { InputService } from '../requests/inputs';
import { type CredentialStore, identityKey } from '../servers/auth/credentials';
import type { ServerApprovals } from './serverApprovals';

export type ForgettingDeps = {
  approvals: ServerApprovals;
  inputs: Pick<InputService, 'forgetServer' | 'renameServer' | 'servers'>;
  credentials: Pick<CredentialStore, 'forget'>;
  /** What is kept for a server's skills (their approvals, their verified files). */
  skills?: readonly { forgetServer(name: string): Promise<void> }[];
  onProblem: (message: string) => void;
};

export class ServerForgetting {
  /** The servers as last configured. */
  private known = new Map<string, ServerEntry>();

  constructor(private readonly deps: ForgettingDeps) {}

  /**
   * The servers configured at start. With `sweep`, the records of servers no longer in the file (removed while
   * Switchboard was closed) are forgotten too, so one put back later waits for approval. `unusable` names
   * entries still in the file though they have an error: what they left is kept for when it is fixed.
   */
  started(
    servers: Readonly<Record<string, ServerEntry>>,
    sweep: boolean,
    unusable: readonly string[] = [],
  ): void {
    this.known = new Map(Object.entries(servers));
    if (!sweep) return;
    const left = new Set([...this.deps.approvals.names(), ...this.deps.inputs.servers()]);
    for (const name of left) {
      if (this.known.has(name) || unusable.includes(name)) continue;
      const approved = this.deps.approvals.lastApproved(name);
      const url = approved && approved.transport !== 'stdio' ? approved.url : undefined;
      this.forget(name, url === undefined ? undefined : { url });
    }
  }

  /**
   * After every change of config.json: the servers that left it are forgotten. One whose entry now has an
   * error (`unusable`) has not left: it is remembered as it last was.
   */
  configured(servers: Readonly<Record<string, ServerEntry>>, unusable: readonly string[] = []): void {
    const before = this.known;
    this.known = new Map(Object.entries(servers));
    for (const [name, entry] of before) {
      if (this.known.has(name)) continue;
      if (unusable.includes(name)) this.known.set(name, entry);
      else this.forget(name, entry);
    }
  }

  /** The person renamed `from` to `to` in the app: its approval and values go with it (its tokens are the address's). */
  renamed(from: string, to: string): void {
    this.deps.approvals.rename(from, to);
    this.report(this.deps.inputs.renameServer(from, to), from);
  }

  private forget(name: string, entry: ServerEntry | undefined): void {
    this.deps.approvals.forget(name);
    this.report(this.deps.inputs.forgetServer(name), name);
    for (const kept of this.deps.skills ?? []) this.report(kept.forgetServer(name), name);
    const key = entry ? tokenKeyOf(entry) : undefined;
    // Tokens belong to an address and a client: they stay while an approved server still signs in with them.
    const stillUsed = [...this.known].some(
      ([other, otherEntry]) =>
        tokenKeyOf(otherEntry) === key && this.deps.approvals.state(other, otherEntry) === 'approved',
    );
    if (key && !stillUsed) this.report(this.deps.credentials.forget(key), name);
  }

  private report(work: Promise<void>, name: string): void {
    work.catch((error: unknown) =>
      this.deps.onProblem(`Could not forget what was kept for "${name}": ${messageOf(error)}`),
    );
  }
}

/** The key a remote entry's sign-in tokens are kept under, when its address holds no reference. */
function tokenKeyOf(entry: ServerEntry): string | undefined {
  if (!isRemoteEntry(entry) || entry.url.includes('${')) return undefined;
  try {
    return identityKey(new URL(entry.url).href, entry.oauth?.clientId);
  } catch {
    return undefined;
  }
}
