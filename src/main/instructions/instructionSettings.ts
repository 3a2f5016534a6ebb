// Which servers' instructions go into the model's system prompt: all by default; the person can leave some out.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { messageOf } from '../errors';
import { writeFileAtomic } from '../storage/atomicFile';

const fileSchema = z.object({ version: z.literal(1), excluded: z.array(z.string()) });

export class InstructionSettings {
  private excluded = new Set<string>();
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly path: string,
    private readonly onProblem?: (message: string) => void,
  ) {}

  async load(): Promise<void> {
    try {
      const parsed = fileSchema.safeParse(JSON.parse(await readFile(this.path, 'utf8')));
      if (parsed.success) this.excluded = new Set(parsed.data.excluded);
      else this.onProblem?.(`${this.path} was damaged; every server's instructions are included again.`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.onProblem?.(`Could not read ${this.path}: ${messageOf(error)}`);
      }
    }
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
