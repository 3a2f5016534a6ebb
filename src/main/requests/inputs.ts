// `${input:…}` values: asked of the person once, kept in the secret store (never config.json), forgotten on request.
import { randomUUID } from 'node:crypto';
import type { InputConfig } from '../../shared/configSchema';
import type { InputRequest } from '../../shared/requests';
import type { InputUse, ServerEntry } from '../../shared/types';
import { PendingRequests } from '../consent/pending';
import type { Emit } from '../hostEvents';
import { inputsOf, MissingValue } from '../servers/variables';
import type { SecretStore } from '../settings/secrets';

/** The secret store holds every input value under this one id, as a JSON object (the colon keeps it apart from provider ids). */
const SECRET_ID = 'inputs:values';

export type InputDeps = {
  secrets: SecretStore;
  emit: Emit;
  /** The `inputs` section of config.json, as it is now. */
  declared: () => InputConfig[];
};

export class InputService {
  private values = new Map<string, string>();
  private loading: Promise<void> | undefined;
  /** One question per input id, however many servers wait for it. */
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
    this.loading ??= this.deps.secrets.get(SECRET_ID).then(
      (text) => {
        const parsed: unknown = text ? JSON.parse(text) : {};
        if (parsed && typeof parsed === 'object') {
          for (const [id, value] of Object.entries(parsed))
            if (typeof value === 'string') this.values.set(id, value);
        }
      },
      () => {},
    );
    return this.loading;
  }

  /** The stored value of `id`, or the person's answer when `server` first needs it. */
  async value(id: string, server: string): Promise<string> {
    await this.load();
    const stored = this.values.get(id);
    if (stored !== undefined) return stored;
    let question = this.asking.get(id);
    if (!question) {
      question = this.ask(id, server).finally(() => this.asking.delete(id));
      this.asking.set(id, question);
    }
    return question;
  }

  /** What the Overview shows of the inputs an entry uses (never their values). */
  uses(entry: ServerEntry): InputUse[] {
    return inputsOf(entry).map((id) => ({
      id,
      description: this.declaration(id)?.description,
      stored: this.values.has(id),
    }));
  }

  pending(): InputRequest[] {
    return this.waiting.list();
  }

  /** The person's answer; `undefined` cancels. */
  answer(requestId: string, value: string | undefined): void {
    this.waiting.get(requestId);
    this.waiting.settle(requestId, { answer: value }, value === undefined ? 'cancelled' : 'answered');
  }

  /** Stores values the person typed elsewhere (a secret field of the server form). */
  async store(values: ReadonlyMap<string, string>): Promise<void> {
    if (values.size === 0) return;
    await this.load();
    for (const [id, value] of values) this.values.set(id, value);
    await this.save();
  }

  /** Forgets a stored value, so the next start asks again. */
  async forget(id: string): Promise<void> {
    await this.load();
    if (!this.values.delete(id)) return;
    await this.save();
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
    const declared = this.declaration(id);
    const request: InputRequest = {
      id: randomUUID(),
      kind: 'input',
      inputId: id,
      description: declared?.description,
      // An input config.json does not declare is treated as a secret.
      password: declared ? declared.password === true : true,
      server,
      requestedAt: Date.now(),
    };
    const answer = this.waiting.add(request);
    this.deps.emit('inputs.requested', request);
    const value = await answer;
    if (value === undefined) {
      throw new MissingValue(
        `No value was given for "${declared?.description ?? id}". Press Start to be asked again.`,
      );
    }
    this.values.set(id, value);
    await this.save();
    return value;
  }

  private declaration(id: string): InputConfig | undefined {
    return this.deps.declared().find((input) => input.id === id);
  }

  private save(): Promise<void> {
    return this.deps.secrets.set(SECRET_ID, JSON.stringify(Object.fromEntries(this.values)));
  }
}
