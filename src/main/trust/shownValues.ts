// How the approval dialog shows an environment or header value: references in words, literal secrets hidden.
import { z } from 'zod';
import type { NamedValue } from '../../shared/serverApprovals';
import type { ServerEntry } from '../../shared/types';
import { isRemoteEntry } from '../../shared/types';
import { type ApprovedFrom, envValueId } from './fillRules';

/** One part of a value, never a secret itself: plain words, hidden text, or a reference by its name. */
export const valuePartSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({ kind: z.literal('hidden') }),
  z.object({ kind: z.literal('env'), name: z.string() }),
  z.object({ kind: z.literal('input'), id: z.string() }),
]);
export type ValuePart = z.infer<typeof valuePartSchema>;

/** What decides how a reference is filled: whose entry it is, and which values are kept for the server. */
export type FillFacts = { from: ApprovedFrom; kept: (id: string) => boolean };

/** What a server approved in the dialog is filled with: nothing of Switchboard's, nothing kept for another server. */
export const FROM_ELSEWHERE: FillFacts = { from: 'outside', kept: () => false };

const HIDDEN = '•••••• (hidden)';
const REFERENCE = /\$\{(input|env):([^}]*)\}/g;
/** Header names whose values are never secrets. */
const PLAIN_HEADERS = new Set(['accept', 'content-type', 'user-agent', 'mcp-protocol-version']);

/**
 * `value` in parts. Text around references is shown only when it is a scheme word such as `Bearer`; a value
 * without references is shown only when `plain` (a header that never holds a secret), else hidden.
 */
export function valueParts(value: string, plain = false): ValuePart[] {
  const matches = [...value.matchAll(REFERENCE)];
  if (matches.length === 0) return [plain ? { kind: 'text', text: value } : { kind: 'hidden' }];
  const literal = value.replace(REFERENCE, '').trim();
  const showText = plain || /^[A-Za-z-]*$/.test(literal);
  const parts: ValuePart[] = [];
  const addText = (text: string) => {
    if (text === '') return;
    if (showText) parts.push({ kind: 'text', text });
    else if (parts.at(-1)?.kind !== 'hidden') parts.push({ kind: 'hidden' });
  };
  let last = 0;
  for (const match of matches) {
    addText(value.slice(last, match.index));
    last = match.index + match[0].length;
    const name = (match[2] ?? '').trim();
    parts.push(match[1] === 'env' ? { kind: 'env', name } : { kind: 'input', id: name });
  }
  addText(value.slice(last));
  return parts;
}

/** The environment (local) or headers (remote) of `entry`, each value in parts, in the entry's order. */
export function entryValues(entry: ServerEntry): [name: string, parts: ValuePart[]][] {
  if (isRemoteEntry(entry)) {
    return Object.entries(entry.headers ?? {}).map(([name, value]) => [
      name,
      valueParts(value, PLAIN_HEADERS.has(name.toLowerCase())),
    ]);
  }
  return Object.entries(entry.env ?? {}).map(([name, value]) => [name, valueParts(value)]);
}

/** True when some part is a reference. */
export function hasReference(parts: readonly ValuePart[]): boolean {
  return parts.some((part) => part.kind === 'env' || part.kind === 'input');
}

/** The values of `entry` holding references, keyed as the identity keys them (header names lower-cased). */
export function shownOf(entry: ServerEntry): [string, ValuePart[]][] {
  const remote = isRemoteEntry(entry);
  return entryValues(entry).flatMap(([name, parts]): [string, ValuePart[]][] =>
    hasReference(parts) ? [[remote ? name.toLowerCase() : name, parts]] : [],
  );
}

/** A value in the person's words: each part, joined with `+`. */
export function valueWords(parts: readonly ValuePart[], facts: FillFacts): string {
  return parts.map((part) => partWords(part, facts)).join(' + ');
}

/** The dialog's list of an entry's values (names as written). */
export function namedValues(entry: ServerEntry, facts: FillFacts): NamedValue[] {
  return entryValues(entry).map(([name, parts]) => ({ name, value: valueWords(parts, facts) }));
}

function partWords(part: ValuePart, facts: FillFacts): string {
  switch (part.kind) {
    case 'text':
      return JSON.stringify(part.text);
    case 'hidden':
      return HIDDEN;
    case 'env':
      if (facts.from === 'own') return `the value of Switchboard's environment variable ${part.name}`;
      return facts.kept(envValueId(part.name))
        ? `the value you gave this server in place of the environment variable ${part.name}`
        : `value of the environment variable ${part.name} — Switchboard will ask you for it, not read its own environment`;
    case 'input':
      return facts.kept(part.id)
        ? `the value you saved for this server (input ${part.id})`
        : `value you will be asked for (input ${part.id})`;
  }
}
