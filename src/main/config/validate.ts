// Turns config.json text into a config of its usable servers, each unusable entry with its reason, or a problem with the whole file.
import { findNodeAtLocation, type Node, type ParseError, parseTree } from 'jsonc-parser';
import type { z } from 'zod';
import {
  type ConfigFile,
  configEntrySchema,
  configSchema,
  issueWords,
  serverNameSchema,
} from '../../shared/configSchema';
import { said } from '../../shared/hostText';
import { nameRecord } from '../../shared/nameRecord';
import type { ConfigProblem, EntryProblem, ServerEntry } from '../../shared/types';
import { lineAndColumn, nodeValue, type SyntaxProblem, syntaxProblems } from './syntax';

/** An entry that cannot be used, with its value as far as it could be read. */
export type InvalidEntry = EntryProblem & { raw: unknown };

/**
 * `ok`: the file can be used; `config.mcpServers` holds the valid entries and `invalid` the others, which
 * never start. Not `ok`: the file as a whole cannot be used (not JSON, or a setting outside the servers).
 */
export type Validation =
  | { ok: true; config: ConfigFile; invalid: InvalidEntry[] }
  | { ok: false; problem: ConfigProblem };

/** One property of `mcpServers`, and the stretch of text it owns (up to the next one). */
type EntryNode = { name: string; key: Node; value: Node | undefined; start: number; end: number };

export function validateConfigText(text: string): Validation {
  if (text.trim() === '') return { ok: true, config: { mcpServers: nameRecord() }, invalid: [] };
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  const syntax = syntaxProblems(text, errors);
  if (!tree) return { ok: false, problem: syntaxProblem(text, syntax[0]) };
  const serversNode = findNodeAtLocation(tree, ['mcpServers']);
  const entries = serversNode?.type === 'object' ? entryNodes(serversNode) : [];
  // A syntax error inside one entry makes only that entry unusable; anywhere else, the file.
  const brokenEntries = new Map<string, SyntaxProblem>();
  for (const problem of syntax) {
    const entry = problem.structural
      ? undefined
      : entries.find(({ start, end }) => problem.offset >= start && problem.offset < end);
    // The first mistake in the file is the one to fix first.
    if (!entry) return { ok: false, problem: syntaxProblem(text, syntax[0]) };
    if (!brokenEntries.has(entry.name)) brokenEntries.set(entry.name, problem);
  }
  const raw = nodeValue(tree);
  const rest = configSchema.safeParse(withoutServers(raw));
  if (!rest.success) return { ok: false, problem: issueProblem(text, tree, rest.error.issues[0]!) };
  const config: ConfigFile = { ...rest.data, mcpServers: nameRecord() };
  const invalid = new Map<string, InvalidEntry>();
  for (const entry of entries) {
    const value = entry.value ? nodeValue(entry.value) : undefined;
    const broken = brokenEntries.get(entry.name);
    const checked = broken ? undefined : checkEntry(entry.name, value);
    const problem = broken
      ? { ...syntaxProblem(text, broken), field: `mcpServers.${entry.name}` }
      : checked?.success === false
        ? issueProblem(text, tree, checked.issue)
        : undefined;
    // As in JSON.parse, a name given twice is the last one.
    delete config.mcpServers[entry.name];
    invalid.delete(entry.name);
    if (problem) invalid.set(entry.name, { name: entry.name, problem, raw: value });
    else if (checked?.success) config.mcpServers[entry.name] = checked.entry;
  }
  return { ok: true, config, invalid: [...invalid.values()] };
}

/** The entries of the `mcpServers` object, each owning the text from its name to the next name. */
function entryNodes(servers: Node): EntryNode[] {
  const properties = (servers.children ?? []).filter((property) => property.children?.[0]?.type === 'string');
  return properties.map((property, index) => {
    const [key, value] = property.children as [Node, Node | undefined];
    const next = properties[index + 1];
    return {
      name: key.value as string,
      key,
      value,
      start: property.offset,
      end: next ? next.offset : servers.offset + servers.length,
    };
  });
}

type EntryCheck = { success: true; entry: ServerEntry } | { success: false; issue: z.core.$ZodIssue };

function checkEntry(name: string, value: unknown): EntryCheck {
  const named = serverNameSchema.safeParse(name);
  if (!named.success) {
    const issue = named.error.issues[0]!;
    return { success: false, issue: { ...issue, path: ['mcpServers', name] } };
  }
  const parsed = configEntrySchema.safeParse(value);
  if (parsed.success) return { success: true, entry: parsed.data as ServerEntry };
  const issue = closestIssue(parsed.error.issues[0]!);
  return { success: false, issue: { ...issue, path: ['mcpServers', name, ...issue.path] } };
}

/** The file without its server entries, which are checked one by one (a non-object `mcpServers` stays, to be refused). */
function withoutServers(raw: unknown): unknown {
  if (!isObject(raw) || !isObject(raw.mcpServers)) return raw;
  return { ...raw, mcpServers: undefined };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function syntaxProblem(text: string, problem: SyntaxProblem | undefined): ConfigProblem {
  if (!problem) return said({ id: 'host.config.sentence', values: { text: { id: 'host.syntax.notJson' } } });
  return {
    ...said({ id: 'host.config.sentence', values: { text: problem.text } }),
    ...lineAndColumn(text, problem.offset),
  };
}

function issueProblem(text: string, tree: Node, issue: z.core.$ZodIssue): ConfigProblem {
  const path = issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part));
  const node = findNodeAtLocation(tree, path) ?? nearestNode(tree, path);
  const field = path.map(String).join('.');
  const problem = issueWords(issue);
  const words: Pick<ConfigProblem, 'message' | 'text'> = field
    ? said({ id: 'host.config.atField', values: { field, problem } })
    : typeof problem === 'string'
      ? { message: problem }
      : said(problem);
  return {
    ...words,
    field: field || undefined,
    ...(node ? lineAndColumn(text, node.offset) : {}),
  };
}

/** For a value that matches no branch of a union, the issue of the branch it came closest to. */
function closestIssue(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  const branch = issue.errors.reduce((best, next) => (next.length < best.length ? next : best));
  const inner = branch[0];
  return inner ? closestIssue({ ...inner, path: [...issue.path, ...inner.path] }) : issue;
}

function nearestNode(tree: Node, path: (string | number)[]): Node | undefined {
  for (let length = path.length - 1; length >= 0; length--) {
    const node = findNodeAtLocation(tree, path.slice(0, length));
    if (node) return node;
  }
  return undefined;
}
