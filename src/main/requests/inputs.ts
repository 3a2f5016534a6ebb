// Values referenced by `${input:…}` (and asked in place of `${env:…}`), kept per server: asked once, kept in the
// secret store (never config.json), forgotten on request or with their server.
import { randomUUID } from 'node:crypto';
import type { InputConfig } from '../../shared/configSchema';
import { type HostText, said } from '../../shared/hostText';
import { envNamesOf, inputIdsOf } from '../../shared/inputReferences';
import type { InputRequest } from '../../shared/requests';
import type { InputUse, ServerEntry } from '../../shared/types';
import { PendingRequests } from '../consent/pending';
import type { Emit } from '../hostEvents';
import { MissingValue } from '../servers/references/variables';
import type { SecretStore } from '../settings/secrets';
import type { ApprovedFrom } from '../trust/fillRules';
import { envNameOf, envValueId } from '../trust/fillRules';

/** The secret store holds every server's values under this one id, as JSON (the colon keeps it apart from provider ids). */
const SECRET_ID = 'inputs:servers';
/** Where values were kept, shared by every server, before they were kept per server. */
const SHARED_ID = 'inputs:values';

export type InputDeps = {
  secrets: SecretStore;
  emit: Emit;
  /** The `inputs` section of config.json, as it is now. */
  declared: () => InputConfig[];
  /** Told what could not be read or written, in plain words. */
  onProblem?: (message: string) => void;
};

export class InputService {
  /** Values by server, then by id. */
  private readonly values = new Map<string, Map<string, string>>();
  /** Values of the shared store of earlier versions, until `migrate` hands them to their servers. */
  private shared: Map<string, string> | undefined;
  private loading: Promise<void> | undefined;
  /** One question per server and id, however many starts wait for it. */
  private readonly asking = new Map<string, Promise<string>>();
  private readonly waiting: PendingRequests<InputRequest, string | undefined>;

  constructor(private readonly deps: InputDeps) {
    this.waiting = new PendingRequests((request, reason) =>
      deps.emit('inputs.settled', {
        id: request.id,
        reason: reason === 'rejected' || reason === 'completed' ? 'answered' : reason,
      }),
    );
  }

  /** Reads the stored values once. */
  load(): Promise<void> {
    this.loading ??= this.read();
    return this.loading;
  }

  /**
   * Hands the values of the shared store of earlier versions, once, to the servers `ownersOf` names for each
   * id (those the person approved as their own that use it); a value no such server uses is dropped.
   */
  async migrate(ownersOf: (id: string) => readonly string[]): Promise<void> {
    await this.load();
    const shared = this.shared;
    if (!shared) return;
    this.shared = undefined;
    for (const [id, value] of shared) {
      for (const server of ownersOf(id)) if (!this.has(server, id)) this.set(server, id, value);
    }
    await this.save();
    await this.deps.secrets.delete(SHARED_ID);
  }

  /** The value of `id` kept for `server`, or the person's answer when the server first needs it. */
  async value(id: string, server: string): Promise<string> {
    await this.load();
    const stored = this.values.get(server)?.get(id);
    if (stored !== undefined) return stored;
    const key = JSON.stringify([server, id]);
    let question = this.asking.get(key);
    if (!question) {
      question = this.ask(id, server).finally(() => this.asking.delete(key));
      this.asking.set(key, question);
    }
    return question;
  }

  /** Whether a value of `id` is kept for `server` (after `load`). */
  has(server: string, id: string): boolean {
    return this.values.get(server)?.has(id) === true;
  }

  /** What the Overview shows of the values `server`'s entry uses (never the values); `from` as in its approval. */
  uses(server: string, entry: ServerEntry, from: ApprovedFrom | undefined): InputUse[] {
    const asked = from === 'own' ? [] : envNamesOf(entry).map(envValueId);
    return [...inputIdsOf(entry), ...asked].map((id) => {
      const { description, descriptionText } = this.described(id);
      return { id, description, descriptionText, stored: this.has(server, id) };
    });
  }

  pending(): InputRequest[] {
    return this.waiting.list();
  }

  /** The person's answer; `undefined` cancels. */
  answer(requestId: string, value: string | undefined): void {
    this.waiting.get(requestId);
    this.waiting.settle(requestId, { answer: value }, value === undefined ? 'cancelled' : 'answered');
  }

  /** Keeps values the person typed elsewhere (a secret field of the server form, an install form) for `server`. */
  async store(server: string, values: ReadonlyMap<string, string>): Promise<void> {
    if (values.size === 0) return;
    await this.load();
    for (const [id, value] of values) this.set(server, id, value);
    await this.save();
  }

  /** Forgets a value kept for `server`, so its next start asks again. */
  async forget(server: string, id: string): Promise<void> {
    await this.load();
    if (!this.values.get(server)?.delete(id)) return;
    await this.save();
  }

  /** Forgets every value kept for `server` (it was removed, or renamed by another program). */
  async forgetServer(server: string): Promise<void> {
    await this.load();
    if (!this.values.delete(server)) return;
    await this.save();
  }

  /** The person renamed `from` to `to` in the app: its values go with it (a value just typed for `to` wins). */
  async renameServer(from: string, to: string): Promise<void> {
    await this.load();
    const moved = this.values.get(from);
    if (!moved) return;
    this.values.delete(from);
    for (const [id, value] of moved) if (!this.has(to, id)) this.set(to, id, value);
    await this.save();
  }

  /** The servers that have values kept for them. */
  servers(): string[] {
    return [...this.values.keys()];
  }

  /** Settles the questions asked for `server` (it stopped or left the config). */
  cancelServer(server: string): void {
    this.waiting.settleWhere(
      (request) => request.server === server,
      'server-gone',
      () => ({ answer: undefined }),
    );
  }

  cancelAll(): void {
    this.waiting.settleWhere(
      () => true,
      'cancelled',
      () => ({ answer: undefined }),
    );
  }

  private async ask(id: string, server: string): Promise<string> {
    const { description, descriptionText, password } = this.described(id);
    const request: InputRequest = {
      id: randomUUID(),
      kind: 'input',
      inputId: id,
      description,
      descriptionText,
      password,
      server,
      requestedAt: Date.now(),
    };
    const answer = this.waiting.add(request);
    this.deps.emit('inputs.requested', request);
    const value = await answer;
    if (value === undefined) {
      throw new MissingValue({
        id: 'host.values.noneGiven',
        values: { name: descriptionText ?? description ?? id },
      });
    }
    this.set(server, id, value);
    await this.save();
    return value;
  }

  /**
   * What the person is told of `id`: the entry's own description as written, or the host's words (`descriptionText`)
   * for an environment variable it asks for. An input config.json does not declare is treated as a secret.
   */
  private described(id: string): { description?: string; descriptionText?: HostText; password: boolean } {
    const variable = envNameOf(id);
    if (variable !== undefined) {
      const { message, text } = said({ id: 'host.values.envDescription', values: { variable } });
      return { description: message, descriptionText: text, password: true };
    }
    const declared = this.deps.declared().find((input) => input.id === id);
    return { description: declared?.description, password: declared ? declared.password === true : true };
  }

  private set(server: string, id: string, value: string): void {
    let values = this.values.get(server);
    if (!values) {
      values = new Map();
      this.values.set(server, values);
    }
    values.set(id, value);
  }

  private async read(): Promise<void> {
    let text: string | undefined;
    try {
      text = await this.deps.secrets.get(SECRET_ID);
    } catch {
      this.deps.onProblem?.(
        'Could not read the stored input values; each server asks again for the values it needs.',
      );
      return;
    }
    if (text !== undefined) {
      for (const [server, id, value] of triples(
        parsed(text, 'the stored input values', this.deps.onProblem),
      )) {
        this.set(server, id, value);
      }
      return;
    }
    const old = await this.deps.secrets.get(SHARED_ID).catch(() => {
      this.deps.onProblem?.(
        'Could not read the input values an earlier version kept; each server asks again for the values it needs.',
      );
      return undefined;
    });
    if (old === undefined) return;
    const flat = parsed(old, 'the stored input values', this.deps.onProblem);
    if (flat && typeof flat === 'object' && !Array.isArray(flat)) {
      this.shared = new Map(
        Object.entries(flat).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
      );
    }
  }

  private save(): Promise<void> {
    const values = [...this.values].flatMap(([server, ids]) =>
      [...ids].map(([id, value]) => [server, id, value]),
    );
    return this.deps.secrets.set(SECRET_ID, JSON.stringify({ version: 1, values }));
  }
}

function parsed(text: string, what: string, onProblem?: (message: string) => void): unknown {
  try {
    return JSON.parse(text);
  } catch {
    onProblem?.(`Could not read ${what}; each server asks again for the values it needs.`);
    return undefined;
  }
}

/** The `[server, id, value]` triples of the stored JSON, skipping anything else. */
function triples(data: unknown): [string, string, string][] {
  const values = (data as { values?: unknown } | undefined)?.values;
  if (!Array.isArray(values)) return [];
  return values.filter(
    (item): item is [string, string, string] =>
      Array.isArray(item) && item.length === 3 && item.every((part) => typeof part === 'string'),
  );
}
