// The catalogue check: no words for people written into the page's code, and every shipped language complete and in
// step with English. `npx tsx scripts/i18nCheck.ts [paths…]` lists what it finds and exits 1 when it finds anything.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from '@babel/parser';
import { type MessageFormatElement, parse as parseMessage, TYPE } from '@formatjs/icu-messageformat-parser';

export type Finding = { file: string; line: number; problem: string };

const ROOT = join(import.meta.dirname, '..');
const PAGE = join(ROOT, 'src/renderer/src');
const PAGE_LOCALES = join(PAGE, 'locales');
const HOST_LOCALES = join(ROOT, 'src/shared/locales');
const SHIPPED = ['en', 'zh-CN', 'de'] as const;

/** JSX attributes people read (and any prop of ours whose name says it holds words). */
const VISIBLE_ATTRIBUTE =
  /^(aria-(label|description|valuetext|roledescription|placeholder)|title|placeholder|alt)$|(label|title|placeholder|hint|description|message|text|caption|heading|summary|note|empty)$/i;
/** A literal that reads as words for a person: a capital letter, then at least one more word. */
const PROSE = /^[\p{Lu}][\p{Ll}'’]*[ ,]+[\p{L}]/u;
const LETTER = /\p{L}/u;
const TRANSLATING_CALLS = new Set(['t', 'translate', 'formatMessage']);
const IGNORE = 'i18n-ignore';

type Node = { type: string; loc?: { start: { line: number } }; [key: string]: unknown };

function children(node: Node): Node[] {
  const found: Node[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments' || key === 'extra') continue;
    if (Array.isArray(value)) {
      for (const item of value)
        if (item && typeof item === 'object' && 'type' in item) found.push(item as Node);
    } else if (value && typeof value === 'object' && 'type' in value) found.push(value as Node);
  }
  return found;
}

function calleeName(node: Node): string | undefined {
  const callee = node.callee as Node | undefined;
  if (!callee) return undefined;
  if (callee.type === 'Identifier') return callee.name as string;
  if (callee.type === 'MemberExpression' && (callee.property as Node).type === 'Identifier')
    return (callee.property as Node).name as string;
  return undefined;
}

function textOf(node: Node): string | undefined {
  if (node.type === 'StringLiteral') return node.value as string;
  if (node.type === 'TemplateLiteral')
    return (node.quasis as Node[]).map((quasi) => (quasi.value as { cooked: string }).cooked).join('{}');
  return undefined;
}

/** Hard-coded words for people in one source file of the page. */
export function findHardCoded(file: string, source: string): Finding[] {
  const lines = source.split('\n');
  const ignored = (line: number) =>
    lines[line - 1]?.includes(IGNORE) === true || lines[line - 2]?.includes(IGNORE) === true;
  const findings: Finding[] = [];
  const reported = new Set<Node>();
  const report = (node: Node, problem: string) => {
    const line = node.loc?.start.line ?? 0;
    reported.add(node);
    if (!ignored(line)) findings.push({ file, line, problem });
  };
  const ast = parse(source, { sourceType: 'module', plugins: ['typescript', 'jsx'] }) as unknown as Node;
  const visit = (node: Node, translated: boolean) => {
    if (node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration') return;
    if (
      node.type === 'TSLiteralType' ||
      node.type === 'TSTypeAnnotation' ||
      node.type === 'TSTypeAliasDeclaration'
    )
      return;
    if (node.type === 'CallExpression' && TRANSLATING_CALLS.has(calleeName(node) ?? '')) translated = true;
    if (node.type === 'CallExpression' && calleeName(node) === 'require') return;
    if (node.type === 'JSXText') {
      const text = (node.value as string).trim();
      if (LETTER.test(text)) report(node, `text in JSX: "${text.slice(0, 60)}"`);
    }
    if (node.type === 'JSXAttribute') {
      const name = (node.name as Node).name as string;
      const value = node.value as Node | null;
      const literal =
        value &&
        (value.type === 'StringLiteral'
          ? value
          : value.type === 'JSXExpressionContainer'
            ? (value.expression as Node)
            : null);
      const text = literal ? textOf(literal) : undefined;
      if (
        literal &&
        typeof name === 'string' &&
        VISIBLE_ATTRIBUTE.test(name) &&
        text !== undefined &&
        LETTER.test(text)
      )
        report(literal, `${name}="${text.slice(0, 60)}"`);
      if (typeof name === 'string' && !VISIBLE_ATTRIBUTE.test(name) && value?.type === 'StringLiteral')
        return;
    }
    if (node.type === 'JSXExpressionContainer') {
      const inner = node.expression as Node;
      const text = textOf(inner);
      if (text !== undefined && LETTER.test(text) && !translated && !reported.has(inner))
        report(inner, `text in JSX: "${text.slice(0, 60)}"`);
    }
    if (
      !translated &&
      !reported.has(node) &&
      (node.type === 'StringLiteral' || node.type === 'TemplateLiteral')
    ) {
      const text = textOf(node);
      if (text !== undefined && PROSE.test(text.trim()))
        report(node, `words for people: "${text.slice(0, 60)}"`);
    }
    for (const child of children(node)) visit(child, translated);
  };
  visit(ast, false);
  return dedupe(findings);
}

function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((finding) => {
    const key = `${finding.line}:${finding.problem}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The message ids a source file asks for by name: `t('…')`, `translate('…')`, `<Message id="…" />`, `{ id: '…' }`. */
export function usedIds(source: string): string[] {
  const ids = new Set<string>();
  for (const pattern of [
    /\b(?:t|translate)\(\s*'([a-z][\w-]*(?:\.[\w-]+)+)'/g,
    /<Message\s+id="([a-z][\w-]*(?:\.[\w-]+)+)"/g,
    /\bid:\s*'([a-z][\w-]*(?:\.[\w-]+)+)'/g,
  ])
    for (const match of source.matchAll(pattern)) if (match[1]) ids.add(match[1]);
  return [...ids];
}

function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type !== TYPE.literal && element.type !== TYPE.pound && element.type !== TYPE.tag)
      into.add(String(element.value));
    else if (element.type === TYPE.tag) {
      into.add(`<${element.value}>`);
      argumentsOf(element.children, into);
    }
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
  }
  return into;
}

/** A word of English left in a Chinese message that is otherwise English: more than a name or an acronym. */
const UNTRANSLATED_ENGLISH = /\b[a-z]{3,}\b[^{}]*\b[a-z]{3,}\b/;

/** Every shipped language has exactly English's messages, each one valid ICU with the same arguments, and translated. */
export function checkCatalogues(
  english: Record<string, string>,
  others: Record<string, Record<string, string>>,
  where: string,
): Finding[] {
  const findings: Finding[] = [];
  const report = (problem: string) => findings.push({ file: where, line: 0, problem });
  const parsed = (locale: string, id: string, text: string) => {
    try {
      return parseMessage(text);
    } catch (error) {
      report(`${locale} ${id}: not valid ICU (${(error as Error).message})`);
      return null;
    }
  };
  for (const [locale, messages] of Object.entries(others)) {
    for (const id of Object.keys(english)) if (!(id in messages)) report(`${locale} lacks ${id}`);
    for (const id of Object.keys(messages))
      if (!(id in english)) report(`${locale} has ${id}, which English lacks`);
    for (const [id, text] of Object.entries(messages)) {
      const source = english[id];
      if (source === undefined) continue;
      const theirs = parsed(locale, id, text);
      const ours = parsed('en', id, source);
      if (!theirs || !ours) continue;
      const want = [...argumentsOf(ours)].sort().join(',');
      const got = [...argumentsOf(theirs)].sort().join(',');
      if (want !== got) report(`${locale} ${id}: arguments {${got}} differ from English {${want}}`);
      if (locale === 'zh-CN' && text === source && UNTRANSLATED_ENGLISH.test(stripArguments(text)))
        report(`${locale} ${id}: still English`);
      if (locale !== 'zh-CN' && text === source && stripArguments(text).split(/\s+/).length >= 4)
        report(`${locale} ${id}: still English`);
    }
  }
  return findings;
}

function stripArguments(text: string): string {
  return text.replace(/\{[^{}]*\}/g, ' ').replace(/<\/?\w+>/g, ' ');
}

function readJson(path: string): Record<string, string> {
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
}

function filesUnder(path: string, test: (name: string) => boolean): string[] {
  if (!statSync(path).isDirectory()) return test(path) ? [path] : [];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) =>
    entry.name === 'node_modules' || entry.name === 'locales' ? [] : filesUnder(join(path, entry.name), test),
  );
}

/** The page's catalogues, each locale merged over its files. */
function pageCatalogues(): Record<string, Record<string, string>> {
  return Object.fromEntries(
    SHIPPED.map((locale) => [locale, Object.assign({}, ...Object.values(pageFiles(locale)))]),
  );
}

/** A file's messages are its area's: the page finds a message in the file its id starts with (`chat.send` in chat.json). */
export function checkAreas(files: Record<string, Record<string, string>>, where: string): Finding[] {
  return Object.entries(files).flatMap(([area, messages]) =>
    Object.keys(messages)
      .filter((id) => !id.startsWith(`${area}.`))
      .map((id) => ({
        file: where,
        line: 0,
        problem: `${id} is in ${area}.json, not in ${id.split('.')[0]}.json`,
      })),
  );
}

function pageFiles(locale: string): Record<string, Record<string, string>> {
  const folder = join(PAGE_LOCALES, locale);
  return Object.fromEntries(
    readdirSync(folder)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [file.slice(0, -'.json'.length), readJson(join(folder, file))]),
  );
}

function hostCatalogues(): Record<string, Record<string, string>> {
  return Object.fromEntries(
    SHIPPED.map((locale) => [locale, readJson(join(HOST_LOCALES, `${locale}.json`))]),
  );
}

/** The whole check over the repository (or over `paths` for the hard-coded words). */
export function checkRepository(paths: string[] = [PAGE]): Finding[] {
  const findings: Finding[] = [];
  const isSource = (name: string) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts');
  for (const path of paths)
    for (const file of filesUnder(path, isSource))
      findings.push(...findHardCoded(relative(ROOT, file), readFileSync(file, 'utf8')));
  const page = pageCatalogues();
  const host = hostCatalogues();
  const { en: pageEnglish = {}, ...pageOthers } = page;
  const { en: hostEnglish = {}, ...hostOthers } = host;
  findings.push(...checkCatalogues(pageEnglish, pageOthers, relative(ROOT, PAGE_LOCALES)));
  findings.push(...checkCatalogues(hostEnglish, hostOthers, relative(ROOT, HOST_LOCALES)));
  for (const locale of SHIPPED)
    findings.push(...checkAreas(pageFiles(locale), relative(ROOT, join(PAGE_LOCALES, locale))));
  for (const [locale, messages] of Object.entries(host))
    findings.push(...checkAreas({ host: messages }, relative(ROOT, join(HOST_LOCALES, `${locale}.json`))));
  const known = { ...pageEnglish, ...hostEnglish };
  for (const file of [...filesUnder(PAGE, isSource), ...filesUnder(join(ROOT, 'src/main'), isSource)])
    for (const id of usedIds(readFileSync(file, 'utf8')))
      if (!(id in known))
        findings.push({ file: relative(ROOT, file), line: 0, problem: `no message ${id} in English` });
  return findings;
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const paths = process.argv.slice(2).map((path) => join(process.cwd(), path));
  const findings = checkRepository(paths.length > 0 ? paths : undefined);
  for (const { file, line, problem } of findings) console.log(`${file}${line ? `:${line}` : ''}  ${problem}`);
  console.log(findings.length === 0 ? 'The catalogues are complete.' : `${findings.length} problems.`);
  process.exitCode = findings.length === 0 ? 0 : 1;
}
