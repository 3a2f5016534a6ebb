// The values behind `${input:…}` references (secrets the person typed), kept in the secret store, never in config.json.
import type { SecretStore } from './secrets';

/** Every input value lives under this one id of the secret store, as a JSON object. */
const SECRET_ID = 'inputs';

export class InputValues {
  private values: Promise<Map<string, string>> | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly secrets: SecretStore) {}

  async get(id: string): Promise<string | undefined> {
    return (await this.load()).get(id);
  }

  async has(id: string): Promise<boolean> {
    return (await this.load()).has(id);
  }

  /** Stores several values at once. */
  async set(values: ReadonlyMap<string, string>): Promise<void> {
    if (values.size === 0) return;
    const all = await this.load();
    for (const [id, value] of values) all.set(id, value);
    const write = this.writing.then(() =>
      this.secrets.set(SECRET_ID, JSON.stringify(Object.fromEntries(all))),
    );
    this.writing = write.catch(() => {});
    await write;
  }

  /** Reads the stored values once; a failed read is tried again next time (and never written over). */
  private load(): Promise<Map<string, string>> {
    if (!this.values) {
      const reading = this.secrets.get(SECRET_ID).then(parseValues);
      reading.catch(() => {
        if (this.values === reading) this.values = undefined;
      });
      this.values = reading;
    }
    return this.values;
  }
}

/** The stored JSON object as a map; anything unreadable counts as no values. */
function parseValues(text: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    return map;
  }
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    for (const [id, value] of Object.entries(parsed)) if (typeof value === 'string') map.set(id, value);
  }
  return map;
}
