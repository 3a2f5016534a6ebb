// Pure logic of the Tools tab: filtering, display names, claimed hints and JSON arguments.
import { describe, expect, it } from 'vitest';
import {
  argumentsToJson,
  argumentsToValues,
  initialJson,
  parseArguments,
} from '../../src/renderer/src/features/tools/runArguments';
import { filterTools, toolClaims, toolDisplayName } from '../../src/renderer/src/features/tools/toolList';
import type { ToolView } from '../../src/shared/types';

const tool = (name: string, extra: Partial<ToolView> = {}): ToolView => ({
  name,
  inputSchema: { type: 'object' },
  ...extra,
});

describe('filterTools', () => {
  const tools = [
    tool('echo', { description: 'Echoes back the input' }),
    tool('add', { title: 'Add numbers' }),
    tool('get-tiny-image', { annotations: { title: 'Tiny picture' } }),
  ];

  it('matches every word against name, title and description, ignoring case', () => {
    expect(filterTools(tools, '').map((t) => t.name)).toEqual(['echo', 'add', 'get-tiny-image']);
    expect(filterTools(tools, 'ECHO').map((t) => t.name)).toEqual(['echo']);
    expect(filterTools(tools, 'numbers add').map((t) => t.name)).toEqual(['add']);
    expect(filterTools(tools, 'picture').map((t) => t.name)).toEqual(['get-tiny-image']);
    expect(filterTools(tools, 'echo numbers')).toEqual([]);
  });
});

describe('toolDisplayName', () => {
  it('prefers the title, then the annotation title, then the name', () => {
    expect(toolDisplayName(tool('a', { title: 'Title', annotations: { title: 'Other' } }))).toBe('Title');
    expect(toolDisplayName(tool('a', { annotations: { title: 'Other' } }))).toBe('Other');
    expect(toolDisplayName(tool('a', { title: '  ' }))).toBe('a');
  });
});

describe('toolClaims', () => {
  const keys = (annotations: ToolView['annotations']) =>
    toolClaims(tool('t', { annotations })).map((c) => c.key);

  it('shows only hints the server set', () => {
    expect(keys(undefined)).toEqual([]);
    expect(keys({ readOnlyHint: true, openWorldHint: false })).toEqual(['read-only', 'closed-world']);
    expect(keys({ destructiveHint: true, idempotentHint: true, openWorldHint: true })).toEqual([
      'destructive',
      'idempotent',
      'open-world',
    ]);
  });

  it('ignores write hints on a read-only tool', () => {
    expect(keys({ readOnlyHint: true, destructiveHint: true, idempotentHint: true })).toEqual(['read-only']);
  });

  it('marks destructive as a danger', () => {
    expect(toolClaims(tool('t', { annotations: { destructiveHint: true } }))[0]?.tone).toBe('danger');
  });
});

describe('initialJson', () => {
  it('starts from defaults and a value of its type for every required argument', () => {
    expect(initialJson({ type: 'object' })).toBe('{}\n');
    expect(JSON.parse(initialJson({ properties: { a: { default: [1] }, b: { type: 'string' } } }))).toEqual({
      a: [1],
    });
  });

  it('fills in a skeleton of the schema (the filesystem server’s edit_file)', () => {
    const editFile = {
      type: 'object',
      required: ['path', 'edits'],
      properties: {
        path: { type: 'string' },
        edits: {
          type: 'array',
          items: {
            type: 'object',
            required: ['oldText', 'newText'],
            properties: { oldText: { type: 'string' }, newText: { type: 'string' } },
          },
        },
        dryRun: { type: 'boolean', default: false },
        note: { type: 'string' },
      },
    };
    expect(JSON.parse(initialJson(editFile))).toEqual({ path: '', edits: [], dryRun: false });
    const nested = {
      type: 'object',
      required: ['range', 'mode', 'count', 'where'],
      properties: {
        range: { type: 'object', required: ['from'], properties: { from: { type: 'integer', minimum: 1 } } },
        mode: { enum: ['fast', 'slow'] },
        count: { type: ['number', 'null'] },
        where: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
    };
    expect(JSON.parse(initialJson(nested))).toEqual({
      range: { from: 1 },
      mode: 'fast',
      count: 0,
      where: '',
    });
  });
});

describe('parseArguments', () => {
  it('accepts a JSON object', () => {
    expect(parseArguments('{"a": {"b": [1, null]}}')).toEqual({ ok: true, args: { a: { b: [1, null] } } });
  });

  it('explains what is wrong otherwise', () => {
    const bad = parseArguments('{"a": ');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/^The arguments are not valid JSON: /);
    expect(parseArguments('[1]')).toEqual({
      ok: false,
      error: 'The arguments must be a JSON object, like {"name": "value"}.',
    });
    expect(parseArguments('  ')).toEqual({
      ok: false,
      error: 'Enter the arguments as a JSON object; {} means none.',
    });
  });
});

describe('argumentsToValues', () => {
  const schema = {
    type: 'object',
    properties: {
      text: { type: 'string', default: 'hi' },
      n: { type: 'number' },
      on: { type: 'boolean' },
      tags: { type: 'array', items: { type: 'string' } },
    },
  };

  it('round-trips through the form', () => {
    const args = { text: 'x', n: 2.5, on: true, tags: ['a', 'b'] };
    expect(argumentsToValues(schema, args)).toEqual({ text: 'x', n: '2.5', on: true, tags: ['a', 'b'] });
  });

  it('keeps defaults for missing keys and drops unknown ones', () => {
    expect(argumentsToValues(schema, { extra: 1, n: null })).toEqual({
      text: 'hi',
      n: '',
      on: false,
      tags: [],
    });
  });

  it('writes arguments as indented JSON', () => {
    expect(argumentsToJson({ a: 1 })).toBe('{\n  "a": 1\n}\n');
  });
});
