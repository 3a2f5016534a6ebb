// Which servers' instructions go into the model's system prompt: all by default; the person can leave some out.
import { z } from 'zod';
import { writeFileAtomic } from '../storage/atomicFile';
import { parseJson, readOptionalText } from '../storage/settingsFile';

const fileSchema = z.object({ version: z.literal(1), excluded: z.array(z.string()) });

export class InstructionSettings {
  private excluded = new Set<string>();
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly path: string,
    private readonly onProblem?: (message: string) => void,
  ) {}

  async load(): Promise<void> {
    const text = await readOptionalText(this.path, (why) =>
      this.onProblem?.(`Could not read ${this.path}: ${why}`),
    );
    if (text === undefined) return;
    const parsed = fileSchema.safeParse(parseJson(text));
    if (parsed.success) this.excluded = new Set(parsed.data.excluded);
    else this.onProblem?.(`${this.path} was damaged; every server's instructions are included again.`);
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
    const text = `${JSON.stringify({ version: 1, excluded: this.list() }, null, 2)}\n`;
    const save = () => writeFileAtomic(this.path, text);
    this.writing = this.writing.then(save, save);
    await this.writing;
    return this.list();
  }
}
