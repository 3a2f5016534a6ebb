// Where config.json's syntax errors really are (the trailing comma, not the brace after it), in plain words.
import { type Node, type ParseError, printParseErrorCode } from 'jsonc-parser';
import { type HostText, said } from '../../shared/hostText';

/**
 * One syntax error: the offset of the mistake itself, what it is (in English, and by id in the host catalogue), and
 * whether it leaves the rest unreadable.
 */
export type SyntaxProblem = { offset: number; message: string; text: HostText; structural: boolean };

/** Errors after which the parser can no longer tell which part of the file a value belongs to. */
const STRUCTURAL = new Set(['CloseBraceExpected', 'CloseBracketExpected', 'EndOfFileExpected']);

/** The parser's error codes, each as the id of its words (`host.syntax.<id>`). */
const WORDS: Readonly<Record<string, string>> = {
  InvalidSymbol: 'unexpectedCharacter',
  InvalidNumberFormat: 'invalidNumber',
  PropertyNameExpected: 'propertyNameExpected',
  ValueExpected: 'valueExpected',
  ColonExpected: 'colonExpected',
  CommaExpected: 'commaExpected',
  CloseBraceExpected: 'closeBraceExpected',
  CloseBracketExpected: 'closeBracketExpected',
  EndOfFileExpected: 'nothingMoreExpected',
  InvalidCommentToken: 'noComments',
  UnexpectedEndOfComment: 'noComments',
  UnexpectedEndOfString: 'stringNotClosed',
  UnexpectedEndOfNumber: 'numberCutOff',
  InvalidUnicode: 'invalidUnicode',
  InvalidEscapeCharacter: 'invalidEscape',
  InvalidCharacter: 'invalidCharacter',
};

/** What a syntax error is, by id; a code the parser adds later is shown as it names it. */
function wordsFor(code: string): HostText {
  const id = WORDS[code];
  return id ? { id: `host.syntax.${id}` } : { id: 'host.syntax.other', values: { code } };
}

const TRAILING_COMMA: HostText = { id: 'host.syntax.trailingComma' };

/** The parser's errors moved to the mistake they come from, each offset once. */
export function syntaxProblems(text: string, errors: readonly ParseError[]): SyntaxProblem[] {
  const found = new Map<number, SyntaxProblem>();
  for (const error of errors) {
    const code = printParseErrorCode(error.error);
    const before = previousCharacter(text, error.offset);
    const words = wordsFor(code);
    let problem: SyntaxProblem = {
      offset: error.offset,
      ...said(words),
      structural: STRUCTURAL.has(code),
    };
    if (
      (code === 'PropertyNameExpected' || code === 'ValueExpected') &&
      before?.char === ',' &&
      (text[error.offset] === '}' || text[error.offset] === ']')
    ) {
      problem = {
        offset: before.offset,
        ...said(TRAILING_COMMA),
        structural: false,
      };
    } else if (code === 'CommaExpected' && before) {
      // The comma belongs right after the value before, not at the start of the next one.
      problem = { ...problem, offset: before.offset + 1 };
    }
    if (!found.has(problem.offset)) found.set(problem.offset, problem);
  }
  return [...found.values()].sort((a, b) => a.offset - b.offset);
}

/** The last character before `offset` that is not white space, with where it is. */
function previousCharacter(text: string, offset: number): { char: string; offset: number } | undefined {
  for (let at = offset - 1; at >= 0; at--) {
    const char = text[at] as string;
    if (!/\s/.test(char)) return { char, offset: at };
  }
  return undefined;
}

/** The 1-based line and column of `offset`. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/** A node's value as JSON.parse would give it: a `__proto__` key is an own property, never the prototype. */
export function nodeValue(node: Node): unknown {
  switch (node.type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const property of node.children ?? []) {
        const [key, child] = property.children ?? [];
        if (key?.type !== 'string' || !child) continue;
        Object.defineProperty(value, key.value as string, {
          value: nodeValue(child),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return value;
    }
    case 'array':
      return (node.children ?? []).map(nodeValue);
    default:
      return node.value;
  }
}
