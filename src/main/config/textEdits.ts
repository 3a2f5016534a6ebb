// Changes config.json's text only where its value changed: comments, key order and layout of the rest stay as written.
import { applyEdits, type Edit, findNodeAtLocation, type Node, parseTree } from 'jsonc-parser';

type Path = (string | number)[];
/** One change: set the value at `path` (add or replace), or remove it (`value` undefined). */
type Change = { path: Path; value: unknown };

/** `text` (whose value is `before`) changed so its value is `after`, touching only what differs. */
export function editedText(text: string, before: unknown, after: unknown): string {
  const changes = changesBetween(before, after, []);
  if (changes.length === 0) return text;
  if (text.trim() === '') return `${JSON.stringify(after, null, 2)}\n`;
  const unit = indentUnit(text);
  // One change at a time on the text as it then is, so no two edits of one object overlap.
  return changes.reduce((current, change) => applyChange(current, change, unit), text);
}

/** The smallest changes that turn `before` into `after`: objects key by key, anything else whole. */
function changesBetween(before: unknown, after: unknown, path: Path): Change[] {
  if (!isObject(before) || !isObject(after)) {
    return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path, value: after }];
  }
  const changes: Change[] = [];
  for (const key of Object.keys(before)) {
    if (!Object.hasOwn(after, key) || after[key] === undefined) {
      if (before[key] !== undefined) changes.push({ path: [...path, key], value: undefined });
    } else changes.push(...changesBetween(before[key], after[key], [...path, key]));
  }
  for (const key of Object.keys(after)) {
    if (after[key] !== undefined && (!Object.hasOwn(before, key) || before[key] === undefined)) {
      changes.push({ path: [...path, key], value: after[key] });
    }
  }
  return changes;
}

function applyChange(text: string, change: Change, unit: string): string {
  const tree = parseTree(text, [], { disallowComments: false, allowTrailingComma: true });
  if (!tree || change.path.length === 0) return `${JSON.stringify(change.value, null, unit)}\n`;
  const node = findNodeAtLocation(tree, change.path);
  const edit =
    change.value === undefined
      ? node?.parent && removal(text, node.parent)
      : node
        ? { offset: node.offset, length: node.length, content: valueText(text, change.value, node, unit) }
        : addition(text, tree, change, unit);
  return edit ? applyEdits(text, [edit]) : text;
}

/** Removes a property with the comma and space that separate it from its neighbour (and a comma written after the last). */
function removal(text: string, property: Node): Edit | undefined {
  const object = property.parent;
  if (property.type !== 'property' || !object) return undefined;
  const siblings = object.children ?? [];
  const index = siblings.indexOf(property);
  const next = siblings[index + 1];
  const previous = siblings[index - 1];
  if (next) return { offset: property.offset, length: next.offset - property.offset, content: '' };
  const end = property.offset + property.length;
  const trailing = /^\s*,/.exec(text.slice(end))?.[0].length ?? 0;
  if (previous) {
    const start = previous.offset + previous.length;
    return { offset: start, length: end + trailing - start, content: '' };
  }
  // The only property: the object becomes empty.
  return { offset: object.offset + 1, length: object.length - 2, content: '' };
}

/** Adds a property after the last one of its object, on a line of its own unless the object is written on one line. */
function addition(text: string, tree: Node, change: Change, unit: string): Edit | undefined {
  const key = change.path.at(-1);
  const object = findNodeAtLocation(tree, change.path.slice(0, -1));
  if (typeof key !== 'string' || object?.type !== 'object') return undefined;
  const last = object.children?.at(-1);
  if (!last) {
    const indent = indentAt(text, object.offset);
    const inner = `${indent}${unit}`;
    const content = `{\n${inner}${JSON.stringify(key)}: ${indented(change.value, inner, unit)}\n${indent}}`;
    return { offset: object.offset, length: object.length, content };
  }
  const end = last.offset + last.length;
  const oneLine = !text.slice(object.offset, last.offset).includes('\n');
  const indent = indentAt(text, last.offset);
  const property = `${JSON.stringify(key)}: ${oneLine ? JSON.stringify(change.value) : indented(change.value, indent, unit)}`;
  return { offset: end, length: 0, content: oneLine ? `, ${property}` : `,\n${indent}${property}` };
}

/** A new value in place of `node`: on one line when the old one was, else laid out at its line's indent. */
function valueText(text: string, value: unknown, node: Node, unit: string): string {
  const old = text.slice(node.offset, node.offset + node.length);
  if (!old.includes('\n') && (node.type === 'object' || node.type === 'array') && old.length < 80) {
    const compact = JSON.stringify(value);
    if (compact.length < 80) return compact;
  }
  return indented(value, indentAt(text, node.offset), unit);
}

function indented(value: unknown, indent: string, unit: string): string {
  return JSON.stringify(value, null, unit).replace(/\n/g, `\n${indent}`);
}

/** The white space that starts the line `offset` is on. */
function indentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))?.[0] ?? '';
}

/** The file's indent step: a tab, or the fewest spaces any indented line starts with (two when none is). */
function indentUnit(text: string): string {
  let fewest: string | undefined;
  for (const match of text.matchAll(/\n([ \t]+)\S/g)) {
    const indent = match[1] as string;
    if (indent.startsWith('\t')) return '\t';
    if (!fewest || indent.length < fewest.length) fewest = indent;
  }
  return fewest ?? '  ';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
