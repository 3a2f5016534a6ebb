// The Add/Edit server form's model: a draft of fields and rows, made from an entry and turned back into one.
import { INPUT_ID, inputIdOf, inputReference } from '../../../../shared/inputReferences';
import type { ServerEntry } from '../../../../shared/types';
import { translate } from '../../i18n';
import { type SandboxDraft, sandboxDraftOf, sandboxSettingOf } from './sandboxDraft';
import { emptySignIn, oauthFromSignIn, type SignInDraft, signInFromEntry } from './signInDraft';

/** One environment variable or header. A secret row's value goes to the secret store, not config.json. */
export type DraftRow = {
  key: number;
  name: string;
  /** What the person typed; for a secret that is already stored, empty means "keep the stored value". */
  value: string;
  secret: boolean;
  /** The input id the entry already refers to for this row. */
  input?: string;
};

export type DraftArg = { key: number; value: string };

export type ServerDraft = {
  kind: 'local' | 'remote';
  command: string;
  args: DraftArg[];
  env: DraftRow[];
  cwd: string;
  url: string;
  /** `auto`: no `type` in the entry (Streamable HTTP, falling back to HTTP+SSE). */
  transport: 'auto' | 'http' | 'sse';
  headers: DraftRow[];
  /** How a remote server gets its tokens (its `oauth`). */
  signIn: SignInDraft;
  /** Whether a local server runs sandboxed, and where it may connect. */
  sandbox: SandboxDraft;
  /** Keys the form does not edit, kept as they were. */
  keep: Pick<ServerEntry, 'disabled' | 'apps' | 'autoStart'>;
};

let nextKey = 1;
/** A key for a new row, unique in this window. */
export function rowKey(): number {
  nextKey += 1;
  return nextKey;
}

export function emptyRow(): DraftRow {
  return { key: rowKey(), name: '', value: '', secret: false };
}

export function emptyDraft(): ServerDraft {
  return {
    kind: 'local',
    command: '',
    args: [],
    env: [],
    cwd: '',
    url: '',
    transport: 'auto',
    headers: [],
    signIn: emptySignIn(),
    sandbox: sandboxDraftOf(undefined),
    keep: {},
  };
}

/** Rows from a record; a value that is one `${input:…}` reference is a stored secret (its value is not known here). */
function rowsOf(
  record: Readonly<Record<string, string>> | undefined,
  typed: ReadonlyMap<string, string>,
): DraftRow[] {
  return Object.entries(record ?? {}).map(([name, value]) => {
    const input = inputIdOf(value);
    if (!input) return { key: rowKey(), name, value, secret: false };
    return { key: rowKey(), name, value: typed.get(input) ?? '', secret: true, input };
  });
}

/**
 * The form's draft of `entry`. `typed` holds secret values the person typed in this dialog and not saved
 * yet, by input id, so a round trip through the JSON editor keeps them.
 */
export function draftFromEntry(
  entry: ServerEntry,
  typed: ReadonlyMap<string, string> = new Map(),
): ServerDraft {
  const keep: ServerDraft['keep'] = {};
  if (entry.disabled !== undefined) keep.disabled = entry.disabled;
  if (entry.apps !== undefined) keep.apps = entry.apps;
  if (entry.autoStart !== undefined) keep.autoStart = entry.autoStart;
  if ('url' in entry) {
    return {
      ...emptyDraft(),
      kind: 'remote',
      url: entry.url,
      transport: entry.type ?? 'auto',
      headers: rowsOf(entry.headers, typed),
      signIn: signInFromEntry(entry.oauth, typed),
      keep,
    };
  }
  return {
    ...emptyDraft(),
    command: entry.command,
    args: (entry.args ?? []).map((value) => ({ key: rowKey(), value })),
    env: rowsOf(entry.env, typed),
    cwd: entry.cwd ?? '',
    sandbox: sandboxDraftOf(entry.sandbox),
    keep,
  };
}

/** What a draft becomes: the entry, the secret values to store by input id, and what is wrong in plain words. */
export type BuiltEntry = { entry: ServerEntry; secrets: Map<string, string>; problems: string[] };

/** Chooses ids for new secrets: `<server>.<VARIABLE>`, made unique against ids other servers use. */
export type SecretIds = { server: string; taken: ReadonlySet<string> };

function slug(text: string): string {
  const cleaned = text
    .trim()
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return cleaned || 'server';
}

function newInputId(variable: string, ids: SecretIds, used: Set<string>): string {
  const base = `${slug(ids.server)}.${slug(variable)}`.slice(0, 90);
  let id = base;
  for (let n = 2; ids.taken.has(id) || used.has(id) || !INPUT_ID.test(id); n += 1) id = `${base}-${n}`;
  used.add(id);
  return id;
}

const ENV_NAME = /^[^=\0]+$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The rows as a record, secrets as references; empty rows are left out. */
function recordOf(
  rows: readonly DraftRow[],
  kind: 'env' | 'header',
  ids: SecretIds,
  built: BuiltEntry,
  used: Set<string>,
): Record<string, string> | undefined {
  // No prototype: a variable may be called `__proto__`.
  const record: Record<string, string> = Object.create(null);
  const names = new Set<string>();
  for (const row of rows) {
    const name = row.name.trim();
    if (!name && !row.value && !row.input) continue;
    if (!name) {
      built.problems.push(translate('serverEditor.draft.rowNoName', { kind }));
      continue;
    }
    const valid = kind === 'header' ? HEADER_NAME.test(name) : ENV_NAME.test(name);
    if (!valid) built.problems.push(translate('serverEditor.draft.badName', { kind, name }));
    if (names.has(name)) built.problems.push(translate('serverEditor.draft.nameTwice', { kind, name }));
    names.add(name);
    if (!row.secret) {
      if (row.input && !row.value) {
        built.problems.push(translate('serverEditor.draft.typeOrSecret', { kind, name }));
      }
      record[name] = row.value;
      continue;
    }
    if (!row.input && !row.value) {
      built.problems.push(translate('serverEditor.draft.typeSecret', { kind, name }));
      continue;
    }
    const id = row.input ?? newInputId(name, ids, used);
    used.add(id);
    if (row.value) built.secrets.set(id, row.value);
    record[name] = inputReference(id);
  }
  return Object.keys(record).length > 0 ? record : undefined;
}

/** The entry a draft stands for. Its shape is checked again by the config's own schema before saving. */
export function entryFromDraft(draft: ServerDraft, ids: SecretIds): BuiltEntry {
  const built: BuiltEntry = { entry: { command: '' }, secrets: new Map(), problems: [] };
  const used = new Set<string>();
  if (draft.kind === 'remote') {
    const url = draft.url.trim();
    if (!url) built.problems.push(translate('serverEditor.draft.url'));
    const headers = recordOf(draft.headers, 'header', ids, built, used);
    const oauth = oauthFromSignIn(draft.signIn, {
      secrets: built.secrets,
      problems: built.problems,
      newId: (field) => newInputId(field, ids, used),
    });
    built.entry = {
      ...(draft.transport === 'auto' ? {} : { type: draft.transport }),
      url,
      ...(headers ? { headers } : {}),
      ...(oauth ? { oauth } : {}),
      ...draft.keep,
    };
    return built;
  }
  const command = draft.command.trim();
  if (!command) built.problems.push(translate('serverEditor.draft.command'));
  const args = draft.args.map((arg) => arg.value).filter((value) => value !== '');
  const env = recordOf(draft.env, 'env', ids, built, used);
  const cwd = draft.cwd.trim();
  const sandbox = sandboxSettingOf(draft.sandbox);
  built.problems.push(...sandbox.problems);
  built.entry = {
    command,
    ...(args.length > 0 ? { args } : {}),
    ...(env ? { env } : {}),
    ...(cwd ? { cwd } : {}),
    ...(sandbox.setting === undefined ? {} : { sandbox: sandbox.setting }),
    ...draft.keep,
  };
  return built;
}
