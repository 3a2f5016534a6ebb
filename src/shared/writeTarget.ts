// Which file a tool call would write: a path argument and a content argument, found by their names.
import type { Json, ToolAnnotations } from './types';

/** The file a call names and the full text it would put there. */
export type WriteTarget = { pathKey: string; path: string; contentKey: string; content: string };

/** Argument names that hold the file to write, best first (compared without case, `_` or `-`). */
const PATH_NAMES = [
  'path',
  'filepath',
  'file',
  'filename',
  'targetfile',
  'target',
  'destination',
  'dest',
  'outputpath',
  'uri',
];

/** Argument names that hold the whole new text of the file, best first. */
const CONTENT_NAMES = [
  'content',
  'contents',
  'filetext',
  'newcontent',
  'text',
  'data',
  'body',
  'code',
  'source',
];

function normal(key: string): string {
  return key.toLowerCase().replace(/[_-]/g, '');
}

function pick(args: { [key: string]: Json }, names: readonly string[], extra?: (name: string) => boolean) {
  const keys = Object.keys(args).filter((key) => typeof args[key] === 'string');
  for (const name of names) {
    const key = keys.find((candidate) => normal(candidate) === name);
    if (key !== undefined) return key;
  }
  return extra ? keys.find((key) => extra(normal(key))) : undefined;
}

/**
 * The path and content a call's arguments carry, when they carry both as strings (as the workspace
 * server's `write_file` does); `undefined` for anything else. Whether the path is inside a shared
 * folder is for the host to decide.
 */
export function writeTarget(args: Json | undefined): WriteTarget | undefined {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return undefined;
  const pathKey = pick(args, PATH_NAMES, (name) => name.endsWith('path'));
  if (pathKey === undefined) return undefined;
  const contentKey = pick(
    Object.fromEntries(Object.entries(args).filter(([key]) => key !== pathKey)),
    CONTENT_NAMES,
  );
  if (contentKey === undefined) return undefined;
  const path = args[pathKey] as string;
  if (path.trim() === '') return undefined;
  return { pathKey, path, contentKey, content: args[contentKey] as string };
}

/** Content argument names that say "the whole new file" on their own. */
const WHOLE_FILE = new Set(['content', 'contents', 'filetext', 'newcontent']);
const WRITING_NAME = /write|save|create|put|overwrite|replace|update|upload|store/i;

/**
 * The file a call of `tool` would write, when it looks like a write: the tool does not claim to be
 * read-only, and either its content argument names a whole file or the tool's name says it writes.
 */
export function writeOf(
  tool: { name: string; annotations?: ToolAnnotations },
  args: Json | undefined,
): WriteTarget | undefined {
  if (tool.annotations?.readOnlyHint === true) return undefined;
  const target = writeTarget(args);
  if (!target) return undefined;
  return WHOLE_FILE.has(normal(target.contentKey)) || WRITING_NAME.test(tool.name) ? target : undefined;
}
