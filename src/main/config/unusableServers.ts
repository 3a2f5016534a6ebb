// The server list's rows for config.json entries with an error: listed with their reason, never started or approved.
import { type HostText, said } from '../../shared/hostText';
import type { ConfigProblem, ServerEntry, ServerView } from '../../shared/types';
import type { InvalidEntry } from './validate';

/** What the list changes when the file's unusable entries change: rows to show, and names whose row goes. */
export type UnusableChange = { changed: ServerView[]; removed: string[] };

export class UnusableServers {
  private rows = new Map<string, ServerView>();

  list(): ServerView[] {
    return [...this.rows.values()];
  }

  /** The row of `name`, when its entry is one with an error. */
  get(name: string): ServerView | undefined {
    return this.rows.get(name);
  }

  /**
   * Takes the file's unusable entries. A name whose row goes is `removed` unless it is among `running`
   * (the valid servers, which announce themselves).
   */
  set(entries: readonly InvalidEntry[], running: Readonly<Record<string, unknown>>): UnusableChange {
    const before = this.rows;
    this.rows = new Map(entries.map((entry) => [entry.name, unusableView(entry)]));
    const changed = [...this.rows.values()].filter(
      (view) => JSON.stringify(view) !== JSON.stringify(before.get(view.name)),
    );
    const removed = [...before.keys()].filter(
      (name) => !this.rows.has(name) && !Object.hasOwn(running, name),
    );
    return { changed, removed };
  }
}

/** How an entry with an error is listed: in `error`, with the problem as its reason and nothing to offer. */
export function unusableView({ name, problem, raw }: InvalidEntry): ServerView {
  const entry = shownEntry(raw);
  return {
    name,
    entry,
    transport: 'url' in entry ? 'auto' : 'stdio',
    state: { kind: 'error', error: { ...said(reason(problem)), stderrTail: [], gaveUp: true } },
    configProblem: problem,
    tools: [],
    prompts: [],
    resources: [],
    resourceTemplates: [],
  };
}

/** "config.json, line 9: mcpServers.lan.url: url uses plain http …", by id. */
function reason(problem: ConfigProblem): HostText {
  return {
    id: 'host.config.inFile',
    values: {
      located: problem.line ? 'yes' : 'no',
      line: String(problem.line ?? ''),
      problem: problem.text ?? problem.message,
    },
  };
}

/** What of an unusable entry is safe to show: its command and arguments or its address, and whether it is disabled. */
function shownEntry(raw: unknown): ServerEntry {
  const value = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const disabled = value.disabled === true ? { disabled: true } : {};
  if (typeof value.url === 'string' && typeof value.command !== 'string') {
    return { url: value.url, ...disabled };
  }
  const args = Array.isArray(value.args) && value.args.every((arg) => typeof arg === 'string');
  return {
    command: typeof value.command === 'string' ? value.command : '',
    ...(args ? { args: value.args as string[] } : {}),
    ...disabled,
  };
}
