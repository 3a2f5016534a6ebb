// How one server signs in: by the person (Sign in / Sign out), on its own with a grant in its settings, or not at all.
import { type HostWords, said } from '../../../shared/hostText';
import { isSocketAddress } from '../../../shared/socketAddress';
import type { AuthView, ServerEntry, SignInPrompt } from '../../../shared/types';
import { isRemoteEntry, machineOAuthOf } from '../../../shared/types';
import { HostFault } from '../../errors';
import { needsSignIn, signInRequiredOf } from '../auth/errors';
import { type MachineAuth, machineAuth } from '../auth/machine';
import { grantSource } from '../auth/machineConfig';
import { describeMachineFailure } from '../auth/machineErrors';
import { type AuthSettings, ServerAuth } from '../auth/serverAuth';
import type { RemoteOptions } from '../transport/http';

/** What a server turning the host away means: a grant only the person can fix, or a sign-in to wait for. */
export type TurnedAway = { type: 'refused' | 'sign-in-needed' } & HostWords;

export type SignInEvents = {
  /** Something the view shows of the sign-in changed. */
  changed: () => void;
  /** A line for the server's log. */
  note: (text: string) => void;
  /** The person signed in; resolves once the server has picked up the new tokens. */
  signedIn: () => Promise<void>;
  /** The person signed out; resolves once the server has connected again without the tokens. */
  signedOut: () => Promise<void>;
};

/** What the person does with a remote server's sign-in. */
export interface PersonSignIn {
  /** Prepares a sign-in; the person confirms the returned page before it opens. Null: none was needed. */
  signIn(): Promise<SignInPrompt | null>;
  /** Opens the waiting sign-in page where the host can (Electron); false where the page must open it. */
  openInBrowser(): Promise<boolean>;
  /** Cancels the sign-in under way. */
  cancel(): void;
  /** Resolves once the sign-in under way has ended and the server has picked up its outcome. */
  settled(): Promise<void>;
  /** Revokes and forgets the tokens, then connects again (and so asks for a sign-in where the server needs one). */
  signOut(): Promise<void>;
}

export class ConnectionSignIn implements PersonSignIn {
  /** A remote server's sign-in by the person. */
  private readonly auth: ServerAuth | undefined;
  /** A remote server that gets its tokens without a person (client credentials, cross-app access). */
  private readonly machine: MachineAuth | undefined;
  private afterSignIn: Promise<void> = Promise.resolve();

  /** Without `settings` a remote server has no sign-in by the person; nor has a server on a local socket. */
  constructor(
    private readonly name: string,
    entry: ServerEntry,
    settings: AuthSettings | undefined,
    private readonly events: SignInEvents,
  ) {
    const machine = machineOAuthOf(entry);
    if (machine) this.machine = machineAuth(grantSource(machine));
    else if (isRemoteEntry(entry) && !isSocketAddress(entry.url) && settings) {
      this.auth = new ServerAuth(settings, name, entry, {
        changed: events.changed,
        signedIn: () => {
          this.afterSignIn = events.signedIn();
        },
      });
    }
  }

  /** What the person sees of the sign-in; `required` while the server waits for one. */
  view(required: boolean): AuthView | undefined {
    return this.auth?.view(required);
  }

  /** What a remote launcher is given (`given` by the host), with this server's sign-in. */
  remoteOptions(given: RemoteOptions | undefined): RemoteOptions {
    return { ...given, auth: this.machine ?? this.auth ?? given?.auth };
  }

  /** Why the grant without a person failed, where only the person can fix it; undefined otherwise. */
  machineProblem(error: unknown): HostWords | undefined {
    const machine = this.machine;
    return machine ? describeMachineFailure(this.name, machine.kind ?? 'client-secret', error) : undefined;
  }

  /** What `error` means when the server turned the host away; undefined for any other error. */
  turnedAway(error: unknown): TurnedAway | undefined {
    const refused = this.machineProblem(error);
    if (refused) return { type: 'refused', ...refused };
    return needsSignIn(error) ? this.signInNeeded(error) : undefined;
  }

  /** The server wants a sign-in the host cannot do alone: the person signs in, or, signing in on its own, fixes its grant. */
  signInNeeded(error: unknown): TurnedAway {
    if (this.machine) {
      const words =
        this.machineProblem(error) ??
        said({ id: 'host.signIn.accessTokenTurnedDown', values: { name: this.name } });
      return { type: 'refused', ...words };
    }
    const text = signInRequiredOf(error)?.text ?? {
      id: 'host.signIn.signInTurnedDown',
      values: { name: this.name },
    };
    return { type: 'sign-in-needed', ...said(text) };
  }

  /** A request needed more scopes than were granted: signing in again asks for them. */
  needMoreScopes(scope: string | undefined): void {
    this.auth?.needMoreScopes(scope);
  }

  async signIn(): Promise<SignInPrompt | null> {
    return this.requireAuth().signIn();
  }

  openInBrowser(): Promise<boolean> {
    return this.requireAuth().openInBrowser();
  }

  cancel(): void {
    this.requireAuth().cancelSignIn();
  }

  /** Cancels a sign-in under way, if any (the server is stopping). */
  cancelUnderWay(): void {
    this.auth?.cancelSignIn();
  }

  async settled(): Promise<void> {
    await this.auth?.whenDone();
    await this.afterSignIn;
  }

  async signOut(): Promise<void> {
    const revoked = await this.requireAuth().signOut();
    this.events.note(
      revoked ? 'Signed out; the tokens were revoked.' : 'Signed out; the tokens were forgotten.',
    );
    await this.events.signedOut();
  }

  private requireAuth(): ServerAuth {
    if (this.machine) {
      throw new HostFault('unsupported', { id: 'host.servers.signsInOnItsOwn', values: { name: this.name } });
    }
    if (!this.auth)
      throw new HostFault('unsupported', { id: 'host.servers.notRemote', values: { name: this.name } });
    return this.auth;
  }
}
