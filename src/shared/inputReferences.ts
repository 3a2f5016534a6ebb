// `${input:ID}` and `${env:NAME}` references in server entries: their syntax, and which inputs an entry uses.
import type { ServerEntry } from './types';

/** What an input id may be made of. */
export const INPUT_ID = /^[\w.-]{1,100}$/;

const REFERENCE = /\$\{(input|env):([^}]*)\}/g;

/** The text that stands for input `id` in an entry. */
export function inputReference(id: string): string {
  return `\${input:${id}}`;
}

/** The input id when `value` is exactly one `${input:…}` reference, else undefined. */
export function inputIdOf(value: string): string | undefined {
  const match = /^\$\{input:([^}]*)\}$/.exec(value.trim());
  const id = match?.[1]?.trim();
  return id && INPUT_ID.test(id) ? id : undefined;
}

/** Every `${input:…}` and `${env:…}` in `text`, in order. */
export function referencesIn(text: string): { kind: 'input' | 'env'; name: string; text: string }[] {
  return [...text.matchAll(REFERENCE)].map((match) => ({
    kind: match[1] as 'input' | 'env',
    name: (match[2] ?? '').trim(),
    text: match[0],
  }));
}

/** The values of an entry that may hold references: a local server's environment; a remote one's URL, headers and OAuth values. */
export function referableValues(entry: ServerEntry): string[] {
  return 'url' in entry
    ? [
        entry.url,
        ...Object.values(entry.headers ?? {}),
        ...Object.values(entry.oauth ?? {}).filter((value): value is string => typeof value === 'string'),
      ]
    : Object.values(entry.env ?? {});
}

/** The names of one kind of reference an entry uses, in order, each once. */
function namesOf(entry: ServerEntry, kind: 'input' | 'env'): string[] {
  const names = new Set<string>();
  for (const value of referableValues(entry)) {
    for (const reference of referencesIn(value)) if (reference.kind === kind) names.add(reference.name);
  }
  return [...names];
}

/** The `${input:…}` ids an entry uses, in order, each once. */
export function inputIdsOf(entry: ServerEntry): string[] {
  return namesOf(entry, 'input');
}

/** The `${env:…}` names an entry uses, in order, each once. */
export function envNamesOf(entry: ServerEntry): string[] {
  return namesOf(entry, 'env');
}
