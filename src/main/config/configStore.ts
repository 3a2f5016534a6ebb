// Reads and writes config.json: never over an invalid file, and never over one that changed since it was read.
import { createHmac, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { ConfigFile } from '../../shared/configSchema';
import { formatHostText, type HostTextValue } from '../../shared/hostText';
import { nameRecord } from '../../shared/nameRecord';
import type { ConfigProblem, ConfigView, EntryProblem, ServerEntry } from '../../shared/types';
import { Emitter, toCaller } from '../emitter';
import { HostFault, type HostText, messageOf } from '../errors';
import { writeFileAtomic } from '../storage/atomicFile';
import { isMissing } from '../storage/settingsFile';
import { KEY_MASK, maskKeys, restoreKeys, restoreServerSecrets } from './secretMask';
import { editedText } from './textEdits';
import { type InvalidEntry, validateConfigText } from './validate';

/** Versions are keyed per run, so a version says nothing about the text (which may hold API keys). */
const VERSION_KEY = randomBytes(32);

/** A server the person renamed in the app, from its old name to its new one. */
export type Renamed = { from: string; to: string };

export class ConfigStore {
  /** The file's text as last read from or written to disk ('' when there is no file). */
  private text = '';
  private config: ConfigFile = { mcpServers: nameRecord() };
  private problem: ConfigView['problem'];
  /** The entries of the last usable text that cannot be used, each with its reason. */
  private invalid: InvalidEntry[] = [];
  /** True while the file's problem came from a change another program made (noticed by `reloadIfChanged`). */
  private brokenOutside = false;
  private queue: Promise<unknown> = Promise.resolve();
  // A failing listener fails the write or reload that told it.
  private readonly changes = new Emitter<ConfigView>(toCaller);
  private readonly ownEdits = new Emitter<[[string, ServerEntry][], Renamed | undefined]>(toCaller);

  /** `firstRun` is the text a missing file starts as (and is written with). */
  constructor(
    readonly path: string,
    private readonly firstRun?: () => string,
  ) {}

  /** The last valid config (the defaults when the file has never been valid). */
  get current(): ConfigFile {
    return this.config;
  }

  /** The server entries that cannot be used, as far as they could be read (the valid ones are in `current`). */
  get unusable(): readonly InvalidEntry[] {
    return this.invalid;
  }

  /** The server entries that cannot be used, each with its reason. */
  get entryProblems(): EntryProblem[] {
    return this.invalid.map(({ name, problem }) => ({ name, problem }));
  }

  /** What the renderer may see: API keys, secret header values and client secrets are masked; `version` names this text for `save`. */
  view(): ConfigView {
    return {
      path: this.path,
      text: maskKeys(this.text),
      version: versionOf(this.text),
      problem: this.problem,
      ...(this.invalid.length > 0 ? { entryProblems: this.entryProblems } : {}),
    };
  }

  /** Told after every change of what the store holds: a write, a reload, or an outside change it noticed. */
  onDidChange(listener: (view: ConfigView) => void): () => void {
    return this.changes.on(listener);
  }

  /**
   * Told, just before the change is announced, which servers a write made with `{ own: true }` added or
   * changed: the person wrote them in the app, so they are theirs. Servers the write carried over from
   * an outside change are not among them. `renamed` names a server the write renamed.
   */
  onOwnEdit(listener: (servers: [string, ServerEntry][], renamed?: Renamed) => void): () => void {
    return this.ownEdits.on(([servers, renamed]) => listener(servers, renamed));
  }

  /** Reads the file again if another program changed it; an invalid file changes nothing but its problem. */
  reloadIfChanged(): Promise<void> {
    return this.exclusive(async () => {
      let disk: string | undefined;
      try {
        disk = await this.readDisk();
      } catch {
        return;
      }
      // A missing file (mid-replace by an editor, or deleted) keeps the servers as they are.
      if (disk === undefined || disk === this.text) return;
      this.adopt(disk, true);
      this.brokenOutside = this.problem !== undefined;
      this.changed();
    });
  }

  /** Reads the file (a missing one is created from `firstRun` where there is one). */
  load(): Promise<ConfigView> {
    return this.exclusive(async () => {
      let disk: string | undefined;
      try {
        disk = await this.readDisk();
      } catch (error) {
        this.problem = { message: messageOf(error) };
        return this.changed();
      }
      if (disk === undefined && this.firstRun) return this.write(this.firstRun());
      this.adopt(disk ?? '', true);
      return this.changed();
    });
  }

  /**
   * Replaces the file with `text`, which must be a valid config and be based on the file as it is:
   * `version` is the one of the view it was edited from. Masked keys keep their stored values.
   */
  save(text: string, version: string, options: { own?: boolean } = {}): Promise<ConfigView> {
    return this.exclusive(async () => {
      const disk = (await this.readDisk()) ?? '';
      if (version !== versionOf(this.text) || disk !== this.text) {
        throw new HostFault('config_changed', {
          id: 'host.config.changedSinceOpened',
          values: { path: this.path },
        });
      }
      const base = options.own ? serverTexts(this.config.mcpServers) : undefined;
      return this.write(text.includes(KEY_MASK) ? this.unmask(text) : text, this.text, base);
    });
  }

  /**
   * Changes the config through `edit` and writes only what it changed into the text, so the rest keeps its
   * layout. The edit is made on the file as it is now: a valid change made outside the app is kept, an
   * unusable file is never overwritten. Entries that cannot be used are among `config.mcpServers` as they are
   * written (to be replaced or removed), and named in `unusable`.
   */
  update(
    edit: (config: ConfigFile, unusable: ReadonlyMap<string, ConfigProblem>) => void,
    options: { own?: boolean; renamed?: Renamed } = {},
  ): Promise<ConfigView> {
    return this.exclusive(async () => {
      const disk = (await this.readDisk()) ?? '';
      const changedOutside = disk !== this.text || this.brokenOutside;
      const result = validateConfigText(disk);
      if (!result.ok) {
        if (changedOutside) {
          this.adopt(disk, false);
          this.changed();
        }
        throw new HostFault('config_invalid', refusal(this.path, result.problem, changedOutside));
      }
      const next = result.config;
      for (const { name, raw } of result.invalid) next.mcpServers[name] = raw as ServerEntry;
      const before: unknown = JSON.parse(JSON.stringify(next));
      const base = options.own ? serverTexts(next.mcpServers) : undefined;
      edit(next, new Map(result.invalid.map(({ name, problem }) => [name, problem])));
      const text = editedText(disk, before, next);
      return this.write(text, disk, base, options.renamed, { keepUnusable: true });
    });
  }

  /**
   * Writes `text` (a valid config) atomically, unless the file stopped being `expected` meanwhile. With
   * `ownBase`, the servers that differ from it are the person's own edit. `keepUnusable` writes a text whose
   * unusable entries were there before (an edit of the app leaves them as the person wrote them).
   */
  private async write(
    text: string,
    expected: string = this.text,
    ownBase?: ReadonlyMap<string, string>,
    renamed?: Renamed,
    { keepUnusable = false } = {},
  ): Promise<ConfigView> {
    const result = validateConfigText(text);
    const problem = !result.ok ? result.problem : keepUnusable ? undefined : result.invalid[0]?.problem;
    if (problem || !result.ok) {
      if (!problem) throw new HostFault('config_invalid', { id: 'host.config.notJson' });
      const { message, line, column } = problem;
      const said = problem.text ?? message;
      throw new HostFault(
        'config_invalid',
        line
          ? {
              id: 'host.config.problemAt',
              values: { line: String(line), column: String(column), message: said },
            }
          : said,
      );
    }
    const data = text.endsWith('\n') ? text : `${text}\n`;
    // The file may hold API keys: only its owner may read it.
    await writeFileAtomic(this.path, data, 0o600, {
      beforeReplace: async () => {
        if (((await this.readDisk()) ?? '') !== expected) {
          throw new HostFault('config_changed', {
            id: 'host.config.changedWhileSaving',
            values: { path: this.path },
          });
        }
      },
    });
    this.text = data;
    this.config = result.config;
    this.invalid = result.invalid;
    this.problem = undefined;
    this.brokenOutside = false;
    if (ownBase) this.ownEdited(ownBase, renamed);
    return this.changed();
  }

  private ownEdited(base: ReadonlyMap<string, string>, renamed: Renamed | undefined): void {
    const edited = Object.entries(this.config.mcpServers).filter(
      ([name, entry]) => base.get(name) !== JSON.stringify(entry),
    );
    if (edited.length === 0) return;
    this.ownEdits.emit([edited, renamed]);
  }

  /** Takes `text` as the file's content; its config is used only when valid (and `useConfig`). */
  private adopt(text: string, useConfig: boolean): void {
    this.text = text;
    const result = validateConfigText(text);
    if (result.ok) {
      if (useConfig) {
        this.config = result.config;
        this.invalid = result.invalid;
      }
      this.problem = undefined;
    } else {
      this.problem = result.problem;
    }
  }

  /** The file's text, or undefined when there is none; a file that cannot be read is a problem. */
  private async readDisk(): Promise<string | undefined> {
    try {
      return await readFile(this.path, 'utf8');
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw new HostFault('config_invalid', {
        id: 'host.config.cannotRead',
        values: { path: this.path, error: messageOf(error) },
      });
    }
  }

  /** `text` with the stored values back in place of their masks, and nothing else changed. */
  private unmask(text: string): string {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return text;
    }
    const masked: unknown = JSON.parse(text);
    restoreKeys(raw, this.config.models?.providers ?? []);
    restoreServerSecrets(raw, this.config.mcpServers);
    return editedText(text, masked, raw);
  }

  private changed(): ConfigView {
    const view = this.view();
    this.changes.emit(view);
    return view;
  }

  /** Runs reads and writes one at a time, so no check and write of one change interleave with another. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    // The caller hears of a failure through `run`; the queue only waits for it to end.
    this.queue = run.catch(() => {});
    return run;
  }
}

/** Each server's entry as JSON, by name, to tell later which ones an edit changed. */
function serverTexts(servers: Readonly<Record<string, ServerEntry>>): Map<string, string> {
  return new Map(Object.entries(servers).map(([name, entry]) => [name, JSON.stringify(entry)]));
}

function versionOf(text: string): string {
  return createHmac('sha256', VERSION_KEY).update(text).digest('hex').slice(0, 32);
}

/** Why a change was refused over an invalid file, and what to do. */
function refusal(path: string, problem: ConfigProblem, changedOutside: boolean): HostText {
  return {
    id: changedOutside ? 'host.config.brokenOutside' : 'host.config.broken',
    values: {
      path,
      located: problem.line ? 'yes' : 'no',
      line: String(problem.line),
      column: String(problem.column),
      message: withoutStop(problem),
    },
  };
}

/** A problem without its full stop, to go inside a sentence: by id where it has one. */
function withoutStop(problem: ConfigProblem): HostTextValue | HostText {
  const { text } = problem;
  const inner = text?.id === 'host.config.sentence' ? text.values?.text : undefined;
  if (inner !== undefined) return inner;
  if (text && !formatHostText(text).endsWith('.')) return text;
  return problem.message.replace(/\.$/, '');
}
