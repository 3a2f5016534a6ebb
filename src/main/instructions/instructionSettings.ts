// Which servers' instructions go into the model's system prompt: all by default; the person can leave some out.
import { z } from 'zod';
import { JsonSettingsStore } from '../storage/jsonSettingsStore';

const fileSchema = z.object({ version: z.literal(1), excluded: z.array(z.string()) });

export class InstructionSettings {
  private excluded = new Set<string>();
  private readonly file: JsonSettingsStore<z.infer<typeof fileSchema>>;

  constructor(path: string, onProblem?: (message: string) => void) {
    this.file = new JsonSettingsStore(path, {
      schema: fileSchema,
      onProblem,
      words: {
        unreadable: (why) => `Could not read ${path}: ${why}`,
        damaged: (kept) => `${path} was damaged; every server's instructions are included again. ${kept}`,
      },
    });
  }

  async load(): Promise<void> {
    const stored = await this.file.load();
    if (stored) this.excluded = new Set(stored.excluded);
  }

  isIncluded(server: string): boolean {
    return !this.excluded.has(server);
  }

  /** Servers whose instructions are left out, sorted. */
  list(): string[] {
    return [...this.excluded].sort();
  }

  async set(server: string, include: boolean): Promise<string[]> {
    if (include) this.excluded.delete(server);
    else this.excluded.add(server);
    await this.file.save({ version: 1, excluded: this.list() });
    return this.list();
  }
}
