// Pure logic of the consent dialog: the queue, effective hints, argument checks, the definition diff.
import { describe, expect, it } from 'vitest';
import { waitingLabel } from '../../src/renderer/src/components/waitingLabel';
import {
  createArgsValidator,
  parseArgsText,
  schemaDraft,
} from '../../src/renderer/src/features/consent/argsValidation';
import { effectiveHints } from '../../src/renderer/src/features/consent/hints';
import { diffCounts, foldUnchanged, lineDiff } from '../../src/renderer/src/features/consent/lineDiff';
import { argsText, editorHeight, inlineIconSrc } from '../../src/renderer/src/features/consent/requestText';
import {
  type ConsentState,
  consentInitial,
  dequeue,
  enqueue,
  fillQueue,
  refill,
  settle,
} from '../../src/renderer/src/store/consentSlice';
import type { ConsentRequest } from '../../src/shared/chat';

const request = (id: string, requestedAt: number): ConsentRequest => ({
  id,
  kind: 'tool',
  server: 'files',
  conversationId: 'c1',
  callId: `call-${id}`,
  tool: { name: 'write_file', inputSchema: { type: 'object' } },
  args: {},
  // An app view's call: decided in the dialog, which shows the notices.
  viaView: 'show_counter',
  requestedAt,
});

const withQueue = (ids: string[], extra: Partial<ConsentState> = {}): ConsentState => ({
  ...consentInitial,
  consentQueue: ids.map((id, index) => request(id, index + 1)),
  ...extra,
});

const ids = (state: ConsentState): string[] => state.consentQueue.map((r) => r.id);

describe('consent queue', () => {
  it('fills oldest first without duplicates', () => {
    const queue = fillQueue([request('b', 20), request('a', 10), request('b', 20)]);
    expect(queue.map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('adds in age order and ignores a request it already has', () => {
    let queue = enqueue([], request('b', 20));
    queue = enqueue(queue, request('a', 10));
    queue = enqueue(queue, request('b', 20));
    expect(queue.map((r) => r.id)).toEqual(['a', 'b']);
    expect(dequeue(queue, 'a').map((r) => r.id)).toEqual(['b']);
  });

  it('says why the shown request went away', () => {
    expect(settle(withQueue(['a', 'b']), 'a', 'cancelled').consentNotice).toEqual({
      id: 'a',
      text: 'The request was cancelled.',
    });
    expect(settle(withQueue(['a']), 'a', 'server-gone').consentNotice?.text).toBe(
      'The server stopped before you answered.',
    );
  });

  it('stays quiet for the person’s own answer and for requests not on screen', () => {
    const own = settle(withQueue(['a', 'b'], { consentAnswering: ['a'] }), 'a', 'answered');
    expect(own.consentNotice).toBeNull();
    expect(own.consentAnswering).toEqual([]);
    expect(ids(own)).toEqual(['b']);
    const hidden = settle(withQueue(['a', 'b']), 'b', 'cancelled');
    expect(hidden.consentNotice).toBeNull();
    expect(ids(hidden)).toEqual(['a']);
  });

  it('mentions an answer from another window', () => {
    expect(settle(withQueue(['a']), 'a', 'answered').consentNotice?.text).toBe(
      'The request was answered in another window.',
    );
  });

  it('does not notice the next request while a notice is still showing', () => {
    const first = settle(withQueue(['a', 'b']), 'a', 'cancelled');
    const second = settle(first, 'b', 'cancelled');
    expect(second.consentNotice?.id).toBe('a');
    expect(ids(second)).toEqual([]);
  });

  it('ignores a settle for an unknown request', () => {
    const state = withQueue(['a']);
    expect(settle(state, 'zzz', 'cancelled')).toBe(state);
  });

  it('refills on reconnect and notices a shown request that is gone', () => {
    const next = refill(withQueue(['a', 'b']), [request('c', 30), request('b', 2)]);
    expect(ids(next)).toEqual(['b', 'c']);
    expect(next.consentNotice?.text).toBe('The request is no longer waiting.');
    expect(refill(withQueue(['a']), [request('a', 1)]).consentNotice).toBeNull();
    expect(refill(consentInitial, [request('a', 1)]).consentNotice).toBeNull();
  });
});

describe('effectiveHints', () => {
  const labels = (annotations: Parameters<typeof effectiveHints>[0]) =>
    effectiveHints(annotations).map((hint) => hint.label);

  it('fills the MCP defaults and says they were not declared', () => {
    expect(labels(undefined)).toEqual([
      'may change things (not declared)',
      'may be destructive (not declared)',
      'not idempotent (not declared)',
      'open world (not declared)',
    ]);
    const destructive = effectiveHints({}).find((hint) => hint.key === 'destructive');
    expect(destructive).toMatchObject({ value: true, declared: false, tone: 'danger' });
  });

  it('shows declared values as the server’s claims', () => {
    expect(
      labels({ readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false }),
    ).toEqual(['may change things', 'not destructive', 'idempotent', 'closed world']);
    expect(effectiveHints({ destructiveHint: true })[1]?.meaning).toMatch(/claims.*not verified/);
  });

  it('drops destructive and idempotent for a read-only tool', () => {
    expect(labels({ readOnlyHint: true, destructiveHint: true })).toEqual([
      'read-only',
      'open world (not declared)',
    ]);
  });
});

describe('argument checks', () => {
  const schema = {
    type: 'object',
    properties: { path: { type: 'string' }, count: { type: 'integer', minimum: 1 } },
    required: ['path'],
    additionalProperties: false,
  };
  const check = createArgsValidator(schema);

  it('accepts valid arguments and returns them parsed', () => {
    expect(check('{"path": "/tmp/a", "count": 2}')).toEqual({
      ok: true,
      value: { path: '/tmp/a', count: 2 },
    });
  });

  it('explains JSON syntax problems and non-objects', () => {
    const broken = check('{"path": ');
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.errors[0]).toMatch(/^Not valid JSON/);
    expect(parseArgsText('[1]')).toEqual({
      ok: false,
      errors: ['The arguments must be a JSON object, like {"name": "value"}.'],
    });
    expect(parseArgsText('  ').ok).toBe(false);
  });

  it('explains schema problems in plain words, without wrapper noise', () => {
    const result = check('{"count": 0, "extra": true}');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      'The arguments: "path" is required but missing.',
      '"count": 0 is less than 1.',
      'The arguments: "extra" is not an argument this tool accepts.',
    ]);
  });

  it('lets arguments through with a note when the schema cannot be used', () => {
    const remote = createArgsValidator({
      type: 'object',
      properties: { a: { $ref: 'https://example.com/x' } },
    });
    const result = remote('{"a": 1}');
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.note).toMatch(/could not be used/);
  });

  it('picks the draft the schema names', () => {
    expect(schemaDraft({ $schema: 'http://json-schema.org/draft-07/schema#' })).toBe('7');
    expect(schemaDraft({ $schema: 'http://json-schema.org/draft-04/schema#' })).toBe('4');
    expect(schemaDraft({})).toBe('2020-12');
  });
});

describe('definition diff', () => {
  it('marks added and removed lines', () => {
    const rows = lineDiff('{\n  "a": 1,\n  "b": 2\n}\n', '{\n  "a": 1,\n  "b": 3\n}\n');
    expect(rows).toEqual([
      { kind: 'same', text: '{' },
      { kind: 'same', text: '  "a": 1,' },
      { kind: 'removed', text: '  "b": 2' },
      { kind: 'added', text: '  "b": 3' },
      { kind: 'same', text: '}' },
    ]);
    expect(diffCounts(rows)).toEqual({ added: 1, removed: 1 });
  });

  it('folds long unchanged runs but keeps context around changes', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n');
    const after = before.replace('line 10', 'line ten');
    const folded = foldUnchanged(lineDiff(before, after));
    expect(folded[0]).toEqual({ kind: 'fold', count: 7 });
    expect(folded.filter((row) => row.kind === 'same')).toHaveLength(6);
    expect(folded.at(-1)).toEqual({ kind: 'fold', count: 6 });
  });
});

describe('request text', () => {
  it('counts the others waiting', () => {
    expect(waitingLabel(1)).toBeNull();
    expect(waitingLabel(3)).toBe('2 more waiting');
  });

  it('only passes inline data: images as icons', () => {
    expect(inlineIconSrc({ src: 'data:image/png;base64,AAAA' })).toBe('data:image/png;base64,AAAA');
    expect(inlineIconSrc({ src: 'data:image/svg+xml,<svg/>' })).toBe('data:image/svg+xml,<svg/>');
    expect(inlineIconSrc({ src: 'https://example.com/icon.png' })).toBeUndefined();
    expect(inlineIconSrc({ src: 'data:text/html,<script>' })).toBeUndefined();
    expect(inlineIconSrc(undefined)).toBeUndefined();
  });

  it('pretty-prints arguments and sizes the editor', () => {
    expect(argsText({ a: 1 })).toBe('{\n  "a": 1\n}\n');
    expect(editorHeight('{}')).toBe(72);
    expect(editorHeight('x\n'.repeat(100))).toBe(260);
  });
});
