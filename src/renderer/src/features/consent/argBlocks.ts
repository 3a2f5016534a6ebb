// Tool arguments as a person reads them: short values inline, long text (files, SQL, code) as blocks with a language.
import type { Json } from '../../../../shared/types';
import { writeTarget } from '../../../../shared/writeTarget';

/** One top-level argument: a short string, a text block in a language, a short JSON value, or a longer one. */
export type ArgItem =
  | { key: string; kind: 'text'; text: string }
  | { key: string; kind: 'block'; text: string; language?: string; lines: number }
  | { key: string; kind: 'value'; text: string }
  | { key: string; kind: 'json'; text: string };

/** Strings longer than this, or with a line break, read better as a block. */
const INLINE_MAX = 80;

const BY_EXTENSION: Record<string, string> = {
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  py: 'python',
  rb: 'ruby',
  go: 'go',
  rs: 'rust',
  java: 'java',
  kt: 'kotlin',
  kts: 'kotlin',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  php: 'php',
  sh: 'bash',
  bash: 'bash',
  zsh: 'bash',
  sql: 'sql',
  json: 'json',
  yaml: 'yaml',
  yml: 'yaml',
  toml: 'ini',
  ini: 'ini',
  md: 'markdown',
  markdown: 'markdown',
  html: 'xml',
  htm: 'xml',
  xml: 'xml',
  svg: 'xml',
  css: 'css',
  scss: 'scss',
  less: 'less',
  swift: 'swift',
  lua: 'lua',
  r: 'r',
  pl: 'perl',
  diff: 'diff',
  patch: 'diff',
  graphql: 'graphql',
  gql: 'graphql',
  mk: 'makefile',
};

const BY_KEY: [RegExp, string][] = [
  [/^(sql|query|statement)$/i, 'sql'],
  [/^(command|cmd|shell|script_?sh|bash)$/i, 'bash'],
  [/^(html|svg|xml)$/i, 'xml'],
  [/^css$/i, 'css'],
  [/^json$/i, 'json'],
  [/^(markdown|md)$/i, 'markdown'],
  [/^(diff|patch)$/i, 'diff'],
  [/^(python|py)$/i, 'python'],
  [/^(javascript|js)$/i, 'javascript'],
  [/^(typescript|ts)$/i, 'typescript'],
  [/^(yaml|yml)$/i, 'yaml'],
  [/^graphql$/i, 'graphql'],
];

/** The highlighting language of a file name, from its extension (or `Makefile`). */
export function languageOfPath(path: string): string | undefined {
  const name = path.split(/[\\/]/).at(-1) ?? '';
  if (/^makefile$/i.test(name)) return 'makefile';
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return undefined;
  return BY_EXTENSION[name.slice(dot + 1).toLowerCase()];
}

function looksLikeJson(text: string): boolean {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

/**
 * The language of the long string `key` of `args`: from the file it is written to, from the
 * argument's name (`sql`, `query`, `command` …), or JSON when it parses as JSON; else none.
 */
export function guessLanguage(key: string, text: string, args: Json): string | undefined {
  const target = writeTarget(args);
  if (target?.contentKey === key) {
    const byPath = languageOfPath(target.path);
    if (byPath) return byPath;
  }
  for (const [pattern, language] of BY_KEY) if (pattern.test(key)) return language;
  if (looksLikeJson(text)) return 'json';
  return undefined;
}

function lineCount(text: string): number {
  const lines = text.split('\n');
  return lines.at(-1) === '' ? lines.length - 1 : lines.length;
}

/** The arguments as items in their own order; undefined when they are not an object. */
export function argItems(args: Json): ArgItem[] | undefined {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return undefined;
  return Object.entries(args).map(([key, value]): ArgItem => {
    if (typeof value === 'string') {
      if (value.length <= INLINE_MAX && !value.includes('\n')) return { key, kind: 'text', text: value };
      return {
        key,
        kind: 'block',
        text: value,
        language: guessLanguage(key, value, args),
        lines: lineCount(value),
      };
    }
    const text = JSON.stringify(value, null, 2);
    if (text.length <= INLINE_MAX && !text.includes('\n')) return { key, kind: 'value', text };
    return { key, kind: 'json', text };
  });
}
