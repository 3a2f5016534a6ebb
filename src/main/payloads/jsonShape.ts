// JSON described for a model that cannot read it whole (its keys and the lengths of its arrays), and one part of it by path.

const MAX_KEYS = 40;

export type JsonShape = { shape: string; examplePath: string };

/** The value of `text` when it is a JSON object or array (the only JSON worth describing), else undefined. */
export function parseJsonDocument(text: string): unknown {
  const first = /\S/.exec(text)?.[0];
  if (first !== '{' && first !== '[') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The top-level shape of a JSON object or array in words, with a path to one of its parts. */
export function jsonShape(value: unknown): JsonShape | undefined {
  if (Array.isArray(value)) {
    const first = value[0];
    const items =
      first !== null && typeof first === 'object' && !Array.isArray(first)
        ? `, the first an object with keys ${keyList(Object.keys(first))}`
        : value.length > 0
          ? `, the first ${kindOf(first)}`
          : '';
    return { shape: `an array of ${count(value.length)} items${items}`, examplePath: '[0]' };
  }
  if (value === null || typeof value !== 'object') return undefined;
  const entries = Object.entries(value);
  const shown = entries.slice(0, MAX_KEYS).map(([key, item]) => `${quoteKey(key)} (${kindOf(item)})`);
  const more = entries.length > MAX_KEYS ? `, and ${count(entries.length - MAX_KEYS)} more` : '';
  const largest = entries
    .map(([key, item]) => ({ key, size: Array.isArray(item) ? item.length : 0 }))
    .sort((a, b) => b.size - a.size)[0];
  const examplePath = largest
    ? `${pathKey(largest.key)}${largest.size > 0 ? '[0]' : ''}`.replace(/^\./, '')
    : '';
  return {
    shape: `an object with ${count(entries.length)} keys: ${shown.join(', ')}${more}`,
    examplePath,
  };
}

/**
 * The part of `value` at `path`: keys after dots or in brackets and quotes (`items[3].name`, `["a.b"]`), or a JSON
 * Pointer (`/items/3/name`). Throws plain words when the path does not lead anywhere.
 */
export function jsonAt(value: unknown, path: string): unknown {
  let current = value;
  const walked: string[] = [];
  for (const step of pathSteps(path)) {
    if (Array.isArray(current) && /^\d+$/.test(step)) {
      const index = Number(step);
      if (index >= current.length) {
        throw new Error(
          `${describe(walked)} has ${count(current.length)} items, so there is no item ${index}.`,
        );
      }
      current = current[index];
    } else if (
      current !== null &&
      typeof current === 'object' &&
      !Array.isArray(current) &&
      Object.hasOwn(current, step)
    ) {
      current = (current as Record<string, unknown>)[step];
    } else {
      throw new Error(
        `${describe(walked)} has no ${JSON.stringify(step)}: it is ${withArticle(kindOf(current))}.`,
      );
    }
    walked.push(step);
  }
  return current;
}

function pathSteps(path: string): string[] {
  const trimmed = path.trim();
  if (trimmed === '' || trimmed === '$' || trimmed === '/') return [];
  if (trimmed.startsWith('/')) {
    return trimmed
      .slice(1)
      .split('/')
      .map((step) => step.replace(/~1/g, '/').replace(/~0/g, '~'));
  }
  const steps: string[] = [];
  const pattern = /\.?([^.[\]]+)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/gy;
  const rest = trimmed.replace(/^\$/, '');
  let at = 0;
  while (at < rest.length) {
    pattern.lastIndex = at;
    const match = pattern.exec(rest);
    if (!match) throw new Error(`The path ${JSON.stringify(path)} could not be read at "${rest.slice(at)}".`);
    steps.push(match[1] ?? match[2] ?? (JSON.parse(match[3] ?? '""') as string));
    at = pattern.lastIndex;
  }
  return steps;
}

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return `array of ${count(value.length)}`;
  if (value === null) return 'null';
  if (typeof value === 'object') return `object of ${count(Object.keys(value).length)} keys`;
  if (typeof value === 'string') return `string of ${count(value.length)} characters`;
  return typeof value;
}

function withArticle(kind: string): string {
  if (kind === 'null') return kind;
  return /^[aeiou]/.test(kind) ? `an ${kind}` : `a ${kind}`;
}

function describe(walked: readonly string[]): string {
  return walked.length === 0
    ? 'The result'
    : `The part at ${walked.map(pathKey).join('').replace(/^\./, '')}`;
}

function keyList(keys: readonly string[]): string {
  const shown = keys.slice(0, MAX_KEYS).map(quoteKey).join(', ');
  return keys.length > MAX_KEYS ? `${shown}, and ${count(keys.length - MAX_KEYS)} more` : shown;
}

function quoteKey(key: string): string {
  return /^[A-Za-z_$][\w$-]*$/.test(key) ? key : JSON.stringify(key);
}

function pathKey(key: string): string {
  return /^\d+$/.test(key)
    ? `[${key}]`
    : /^[A-Za-z_$][\w$-]*$/.test(key)
      ? `.${key}`
      : `[${JSON.stringify(key)}]`;
}

function count(value: number): string {
  return value.toLocaleString('en');
}
