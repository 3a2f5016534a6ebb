// Turns config.json text into a valid config, or into a problem that names the line and the field.
import { findNodeAtLocation, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import type { z } from 'zod';
import { type ConfigFile, configSchema } from '../../shared/configSchema';
import { nameRecord } from '../../shared/nameRecord';
import type { ConfigProblem } from '../../shared/types';

export type Validation = { ok: true; config: ConfigFile } | { ok: false; problem: ConfigProblem };

export function validateConfigText(text: string): Validation {
  if (text.trim() === '') return { ok: true, config: { mcpServers: nameRecord() } };
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  const first = errors[0];
  if (first || !tree) {
    const at = first ? lineAndColumn(text, first.offset) : {};
    const what = first ? describeParseError(printParseErrorCode(first.error)) : 'The file is not JSON';
    return { ok: false, problem: { message: `${what}.`, ...at } };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: { message: (error as Error).message } };
  }
  const parsed = configSchema.safeParse(raw);
  if (parsed.success) return { ok: true, config: parsed.data };
  const issue = closestIssue(parsed.error.issues[0]!);
  const path = issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part));
  const node = findNodeAtLocation(tree, path) ?? nearestNode(tree, path);
  const field = path.map(String).join('.');
  return {
    ok: false,
    problem: {
      message: field ? `${field}: ${issue.message}` : issue.message,
      field: field || undefined,
      ...(node ? lineAndColumn(text, node.offset) : {}),
    },
  };
}

/** For a value that matches no branch of a union, the issue of the branch it came closest to. */
function closestIssue(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  const branch = issue.errors.reduce((best, next) => (next.length < best.length ? next : best));
  const inner = branch[0];
  return inner ? closestIssue({ ...inner, path: [...issue.path, ...inner.path] }) : issue;
}

function nearestNode(tree: ReturnType<typeof parseTree>, path: (string | number)[]) {
  for (let length = path.length - 1; length >= 0 && tree; length--) {
    const node = findNodeAtLocation(tree, path.slice(0, length));
    if (node) return node;
  }
  return undefined;
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

function describeParseError(code: string): string {
  const words: Record<string, string> = {
    InvalidSymbol: 'Unexpected character',
    InvalidNumberFormat: 'Invalid number',
    PropertyNameExpected: 'A property name in double quotes was expected',
    ValueExpected: 'A value was expected',
    ColonExpected: 'A colon was expected',
    CommaExpected: 'A comma was expected',
    CloseBraceExpected: 'A closing } was expected',
    CloseBracketExpected: 'A closing ] was expected',
    EndOfFileExpected: 'Nothing more was expected',
    InvalidCommentToken: 'Comments are not allowed in config.json',
    UnexpectedEndOfComment: 'Comments are not allowed in config.json',
    UnexpectedEndOfString: 'A string is not closed',
    UnexpectedEndOfNumber: 'A number is cut off',
    InvalidUnicode: 'Invalid unicode escape',
    InvalidEscapeCharacter: 'Invalid escape character',
    InvalidCharacter: 'Invalid character in a string',
  };
  return words[code] ?? code;
}
