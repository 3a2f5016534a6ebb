// Settings → Registry: which MCP registry Browse servers reads, kept in registry.json in the data folder.
import { z } from 'zod';
import { DEFAULT_REGISTRY_URL, type RegistrySettingsView } from '../../shared/registry';
import { HostFault, messageOf } from '../errors';
import { registryUrlProblem } from '../registry/registryClient';
import { JsonSettingsStore, type SettingsWords } from '../storage/jsonSettingsStore';

const fileSchema = z.object({ url: z.string().optional() });

const WORDS: SettingsWords = {
  unreadable: (why) => `Could not read the registry settings (${why}); the official registry is used.`,
  damaged: (kept) => `The registry settings file could not be used; the official registry is used. ${kept}`,
};

export class RegistrySettings {
  private url: string | undefined;
  private readonly file: JsonSettingsStore<z.infer<typeof fileSchema>>;

  constructor(path: string, onProblem: (message: string) => void = () => {}) {
    this.file = new JsonSettingsStore(path, { schema: fileSchema, words: WORDS, onProblem });
  }

  async load(): Promise<void> {
    const stored = await this.file.load();
    if (stored?.url && !registryUrlProblem(stored.url)) this.url = stored.url;
  }

  get current(): string {
    return this.url ?? DEFAULT_REGISTRY_URL;
  }

  view(): RegistrySettingsView {
    return { url: this.current, isDefault: this.url === undefined };
  }

  /** Uses `url` from now on; null goes back to the official registry. */
  async set(url: string | null): Promise<RegistrySettingsView> {
    const clean = url?.trim().replace(/\/+$/, '') || null;
    if (clean) {
      const problem = registryUrlProblem(clean);
      if (problem)
        throw new HostFault('invalid_input', { id: 'host.registry.urlProblem', values: { problem } });
    }
    const next = clean && clean !== DEFAULT_REGISTRY_URL ? clean : undefined;
    try {
      await this.file.save(next ? { url: next } : {});
    } catch (error) {
      throw new HostFault('internal', {
        id: 'host.settings.registrySaveFailed',
        values: { error: messageOf(error) },
      });
    }
    this.url = next;
    return this.view();
  }
}
