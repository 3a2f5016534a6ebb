// Turns one server as another app wrote it into our entry: variables filled or reported, envFile read, inputs carried.
import { type InputConfig, inputSchema, serverEntrySchema } from '../../../shared/configSchema';
import type { ServerEntry } from '../../../shared/types';
import { messageOf } from '../../errors';

export type EntryContext = {
  home: string;
  /** The project folder the person picked for `${workspaceFolder}`. */
  workspaceFolder?: string;
  /** Resolves a relative `envFile` (the file's folder, or the workspace folder). */
  resolvePath: (path: string) => string;
  /** The `inputs` the file declares (VS Code). */
  declaredInputs: readonly unknown[];
  /** Reads an `envFile`; throws when it cannot. */
  readText: (path: string) => string;
};

export type ImportedEntry = { entry?: ServerEntry; inputs: InputConfig[]; notes: string[] };

const KNOWN_KEYS = new Set([
  'type',
  'command',
  'args',
  'env',
  'envFile',
  'cwd',
  'url',
  'serverUrl',
  'headers',
  'disabled',
]);

type Place = 'command' | 'args' | 'cwd' | 'env' | 'envFile' | 'url' | 'headers';
/** Where the host itself fills `${input:…}` and `${env:…}` when the server starts. */
const FILLED_AT_START: ReadonlySet<Place> = new Set(['env', 'url', 'headers']);

/** Our entry for `raw`, or no entry and the reason in `notes`. */
export function importEntry(raw: unknown, context: EntryContext): ImportedEntry {
  const notes: string[] = [];
  const inputIds = new Set<string>();
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { inputs: [], notes: ['This is not a server entry (it is not a JSON object).'] };
  }
  const source = raw as Record<string, unknown>;
  const ignored = Object.keys(source).filter((key) => !KNOWN_KEYS.has(key));
  if (ignored.length > 0)
    notes.push(`Not carried over (Switchboard has no such setting): ${ignored.join(', ')}.`);

  const fill = (text: string, place: Place): string =>
    text.replace(/\$\{([^}]*)\}/g, (whole, body: string) => {
      const name = body.trim();
      if (name === 'workspaceFolder') {
        if (context.workspaceFolder) return context.workspaceFolder;
        note(
          `${whole} in ${place} is left as written: choose a project folder for it, or edit the server after importing.`,
        );
        return whole;
      }
      if (name === 'userHome') return context.home;
      const reference = /^(input|env):(.+)$/.exec(name);
      if (reference && FILLED_AT_START.has(place)) {
        if (reference[1] === 'input') inputIds.add(reference[2]!.trim());
        return whole;
      }
      // Claude Code reads `${NAME}` from the environment; Switchboard writes that `${env:NAME}`.
      if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && FILLED_AT_START.has(place)) {
        note(
          `${whole} in ${place} becomes \${env:${name}}: its value is read from Switchboard's environment at start.`,
        );
        return `\${env:${name}}`;
      }
      if (reference) {
        note(
          `${whole} in ${place} is left as written: Switchboard fills these only in env values, URLs and headers.`,
        );
        return whole;
      }
      note(`Unknown variable ${whole} in ${place} is left as written: Switchboard does not fill it in.`);
      return whole;
    });
  const note = (text: string) => {
    if (!notes.includes(text)) notes.push(text);
  };
  const strings = (value: unknown, place: Place): Record<string, string> => {
    const out: Record<string, string> = {};
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return out;
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') {
        Object.defineProperty(out, key, {
          value: fill(String(item), place),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else note(`${place} "${key}" is not text and was left out.`);
    }
    return out;
  };

  const url =
    typeof source.url === 'string'
      ? source.url
      : typeof source.serverUrl === 'string'
        ? source.serverUrl
        : undefined;
  let candidate: unknown;
  if (url !== undefined) {
    const type = typeof source.type === 'string' ? source.type.toLowerCase() : undefined;
    const transport =
      type === 'sse'
        ? 'sse'
        : type === 'http' || type === 'streamable-http' || type === 'streamablehttp'
          ? 'http'
          : undefined;
    const headers = strings(source.headers, 'headers');
    candidate = {
      ...(transport ? { type: transport } : {}),
      url: fill(url, 'url'),
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
    };
  } else if (typeof source.command === 'string') {
    const args = Array.isArray(source.args) ? source.args.map((arg) => fill(String(arg), 'args')) : [];
    const env = envFromFile(source.envFile, fill, note, context);
    Object.assign(env, strings(source.env, 'env'));
    candidate = {
      command: fill(source.command, 'command'),
      ...(args.length > 0 ? { args } : {}),
      ...(Object.keys(env).length > 0 ? { env } : {}),
      ...(typeof source.cwd === 'string' ? { cwd: fill(source.cwd, 'cwd') } : {}),
    };
  } else {
    return {
      inputs: [],
      notes: [...notes, 'It has neither a command to run nor a URL, so it cannot be imported.'],
    };
  }
  if (source.disabled === true) (candidate as { disabled?: boolean }).disabled = true;
  const parsed = serverEntrySchema.safeParse(candidate);
  if (!parsed.success) {
    return {
      inputs: [],
      notes: [...notes, `It cannot be imported: ${parsed.error.issues[0]?.message ?? 'invalid entry'}.`],
    };
  }
  return {
    entry: parsed.data as ServerEntry,
    inputs: declaredInputs(inputIds, context.declaredInputs, note),
    notes,
  };
}

/** The declarations of the inputs used; an undeclared one is asked for (hidden) when the server starts. */
function declaredInputs(
  ids: ReadonlySet<string>,
  declared: readonly unknown[],
  note: (text: string) => void,
): InputConfig[] {
  const inputs: InputConfig[] = [];
  for (const id of ids) {
    const found = declared.find((input) => (input as { id?: unknown } | null)?.id === id) as
      | Record<string, unknown>
      | undefined;
    const parsed = inputSchema.safeParse(
      found && { id, type: found.type, description: found.description, password: found.password },
    );
    if (parsed.success) inputs.push(parsed.data);
    else if (found)
      note(
        `The input "${id}" is not a text prompt; you will be asked for its value (hidden) when the server starts.`,
      );
    else
      note(
        `The input "${id}" is not declared; you will be asked for its value (hidden) when the server starts.`,
      );
  }
  return inputs;
}

/** The variables of an `envFile` (KEY=value lines; `#` comments; optional quotes and `export`). */
function envFromFile(
  envFile: unknown,
  fill: (text: string, place: Place) => string,
  note: (text: string) => void,
  context: EntryContext,
): Record<string, string> {
  const env: Record<string, string> = {};
  if (typeof envFile !== 'string') return env;
  const path = context.resolvePath(fill(envFile, 'envFile'));
  let text: string;
  try {
    text = context.readText(path);
  } catch (error) {
    note(`Its envFile ${path} could not be read (${messageOf(error)}), so its variables are missing.`);
    return env;
  }
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match || line.trim().startsWith('#')) continue;
    let value = match[2] ?? '';
    const quoted = /^(["'])(.*)\1$/.exec(value);
    if (quoted) value = quoted[1] === '"' ? (quoted[2] ?? '').replace(/\\n/g, '\n') : (quoted[2] ?? '');
    else value = value.replace(/\s+#.*$/, '');
    Object.defineProperty(env, match[1]!, { value, enumerable: true, writable: true, configurable: true });
  }
  return env;
}
