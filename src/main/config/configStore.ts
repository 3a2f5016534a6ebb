// Reads and writes config.json; an invalid file is reported and never overwritten by the app.
import { readFile } from 'node:fs/promises';
import type { ConfigFile } from '../../shared/configSchema';
import type { ConfigView } from '../../shared/types';
import { HostFault } from '../errors';
import { writeFileAtomic } from '../storage/atomicFile';
import { KEY_MASK, maskKeys, restoreKeys, restoreServerSecrets } from './secretMask';
import { validateConfigText } from './validate';

export class ConfigStore {
  private text = '';
  private config: ConfigFile = { mcpServers: {} };
  private problem: ConfigView['problem'];

  /** `firstRun` is the text a missing file starts as (and is written with). */
  constructor(
    readonly path: string,
    private readonly firstRun?: () => string,
  ) {}

  /** The last valid config (the defaults when the file has never been valid). */
  get current(): ConfigFile {
    return this.config;
  }

  /** What the renderer may see: API keys, secret header values and client secrets are masked. */
  view(): ConfigView {
    return { path: this.path, text: maskKeys(this.text), problem: this.problem };
  }

  async load(): Promise<ConfigView> {
    try {
      this.text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.problem = { message: `Cannot read the file: ${(error as Error).message}` };
        return this.view();
      }
      if (this.firstRun) return this.save(this.firstRun());
      this.text = '';
    }
    const result = validateConfigText(this.text);
    if (result.ok) {
      this.config = result.config;
      this.problem = undefined;
    } else {
      this.problem = result.problem;
    }
    return this.view();
  }

  /** Replaces the file with `text`, which must be a valid config; masked keys keep their stored values. */
  async save(text: string): Promise<ConfigView> {
    if (text.includes(KEY_MASK)) text = this.unmask(text);
    const result = validateConfigText(text);
    if (!result.ok) {
      const { message, line, column } = result.problem;
      throw new HostFault('config_invalid', line ? `Line ${line}, column ${column}: ${message}` : message);
    }
    // The file may hold API keys: only its owner may read it.
    await writeFileAtomic(this.path, text.endsWith('\n') ? text : `${text}\n`, 0o600);
    this.text = text;
    this.config = result.config;
    this.problem = undefined;
    return this.view();
  }

  private unmask(text: string): string {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return text;
    }
    restoreKeys(raw, this.config.models?.providers ?? []);
    restoreServerSecrets(raw, this.config.mcpServers);
    return `${JSON.stringify(raw, null, 2)}\n`;
  }

  /** Changes the valid config through `edit` and writes it, keeping keys the app does not know. */
  async update(edit: (config: ConfigFile) => void): Promise<ConfigView> {
    if (this.problem) {
      throw new HostFault(
        'config_invalid',
        `${this.path} has an error and is left as it is. Fix the file (Edit config file) before changing servers here.`,
      );
    }
    const next = structuredClone(this.config);
    edit(next);
    return this.save(`${JSON.stringify(next, null, 2)}\n`);
  }
}
