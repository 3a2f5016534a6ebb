// Settings → Registry: which MCP registry Browse servers reads, kept in registry.json in the data folder.
import { z } from 'zod';
import { DEFAULT_REGISTRY_URL, type RegistrySettingsView } from '../../shared/registry';
import { HostFault, messageOf } from '../errors';
import { registryUrlProblem } from '../registry/registryClient';
import { writeFileAtomic } from '../storage/atomicFile';
import { readOptionalText } from '../storage/settingsFile';

const fileSchema = z.object({ url: z.string().optional() });

export class RegistrySettings {
  private url: string | undefined;

  constructor(
    private readonly path: string,
    private readonly onProblem: (message: string) => void = () => {},
  ) {}

  async load(): Promise<void> {
    const text = await readOptionalText(this.path, (why) =>
      this.onProblem(`Could not read the registry settings (${why}); the official registry is used.`),
    );
    if (text === undefined) return;
    try {
      const parsed = fileSchema.parse(JSON.parse(text));
      if (parsed.url && !registryUrlProblem(parsed.url)) this.url = parsed.url;
    } catch {
      this.onProblem('The registry settings file could not be used; the official registry is used.');
    }
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
      if (problem) throw new HostFault('invalid_input', problem);
    }
    const next = clean && clean !== DEFAULT_REGISTRY_URL ? clean : undefined;
    try {
      await writeFileAtomic(this.path, `${JSON.stringify(next ? { url: next } : {}, null, 2)}\n`, 0o600);
    } catch (error) {
      throw new HostFault('internal', `Could not save the registry address: ${messageOf(error)}`);
    }
    this.url = next;
    return this.view();
  }
}
