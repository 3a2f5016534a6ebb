// Pure logic of deciding in the card: where a request is decided, batches, shortcuts, argument blocks and write summaries.
import { describe, expect, it } from 'vitest';
import { decisionText, shownStatus } from '../../src/renderer/src/features/chat/toolCallText';
import { argItems, guessLanguage, languageOfPath } from '../../src/renderer/src/features/consent/argBlocks';
import { batchArgs, unsendable } from '../../src/renderer/src/features/consent/batchArgs';
import { shortcutOf } from '../../src/renderer/src/features/consent/shortcuts';
import { writeSummary } from '../../src/renderer/src/features/consent/writeSummary';
import {
  consentInitial,
  decidedInDialog,
  dialogHead,
  pendingIn,
  settle,
  waitingElsewhere,
} from '../../src/renderer/src/store/consentSlice';
import type { ConsentRequest } from '../../src/shared/chat';

const request = (id: string, overrides: Partial<ConsentRequest> = {}): ConsentRequest => ({
  id,
  kind: 'tool',
  server: 'files',
  conversationId: 'c1',
  callId: `call-${id}`,
  tool: { name: 'write_file', inputSchema: { type: 'object' } },
  args: {},
  requestedAt: Number(id.replace(/\D/g, '')) || 1,
  ...overrides,
});

describe('where a waiting call is decided', () => {
  it('decides the model’s calls in their cards, and app views’ calls and calls outside conversations in the dialog', () => {
    expect(decidedInDialog(request('1'))).toBe(false);
    expect(decidedInDialog(request('2', { viaView: 'show_counter' }))).toBe(true);
    expect(decidedInDialog(request('3', { conversationId: '', viaView: 'show_counter' }))).toBe(true);
    const queue = [
      request('1'),
      request('2', { viaView: 'v' }),
      request('3', { conversationId: 'c2' }),
      request('4'),
    ];
    expect(pendingIn(queue, 'c1').map((item) => item.id)).toEqual(['1', '4']);
    expect(dialogHead(queue)?.id).toBe('2');
  });

  it('points to conversations not on screen, by conversation', () => {
    const queue = [
      request('1'),
      request('2', { conversationId: 'c2' }),
      request('3', { conversationId: 'c2' }),
    ];
    expect(waitingElsewhere(queue, 'c1')).toEqual([{ conversationId: 'c2', requests: [queue[1], queue[2]] }]);
    expect(waitingElsewhere(queue, null).map((group) => group.conversationId)).toEqual(['c1', 'c2']);
    expect(waitingElsewhere([request('4', { viaView: 'v', conversationId: 'c3' })], 'c1')).toEqual([]);
  });

  it('keeps a notice for the dialog only, and drops a settled request’s draft', () => {
    const state = {
      ...consentInitial,
      consentQueue: [request('1'), request('2', { viaView: 'v' })],
      consentDrafts: { '1': { text: '{"a":1}', value: { a: 1 } } },
    };
    const inline = settle(state, '1', 'cancelled');
    expect(inline.consentNotice).toBeNull();
    expect(inline.consentDrafts).toEqual({});
    expect(settle(state, '2', 'cancelled').consentNotice?.text).toBe('The request was cancelled.');
  });

  it('will not allow several together while one has arguments that cannot be sent, edited or not', () => {
    const strict = {
      name: 'greet',
      inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    };
    const queue = [
      request('1', { tool: strict, args: { name: 'Ada' } }),
      request('2', { tool: strict, args: { name: 'Bo' } }),
    ];
    expect(unsendable(queue, {})).toEqual([]);
    expect(unsendable(queue, { '2': { text: '{' } })).toEqual([queue[1]]);
    expect(unsendable(queue, { '2': { text: '{"name": 3}' } })).toEqual([queue[1]]);
    expect(unsendable(queue, { '2': { text: '{"name": "Cy"}', value: { name: 'Cy' } } })).toEqual([]);
    const broken = request('3', { tool: strict, args: {} });
    expect(unsendable([broken], {})).toEqual([broken]);
    expect(batchArgs(queue[0]!, undefined)).toEqual({ ok: true });
    expect(batchArgs(queue[0]!, { text: '{"name": "Cy"}', value: { name: 'Cy' } })).toEqual({
      ok: true,
      args: { name: 'Cy' },
    });
  });
});

describe('shortcuts', () => {
  const key = (overrides: Partial<Parameters<typeof shortcutOf>[0]>) => ({
    altKey: true,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    key: 'y',
    code: 'KeyY',
    ...overrides,
  });
  it('Alt+Y allows once and Alt+N denies, by letter or (for symbols) by key', () => {
    const off = (event: ReturnType<typeof key>) => shortcutOf(event, false);
    expect(off(key({}))).toBe('once');
    expect(off(key({ key: 'n', code: 'KeyN' }))).toBe('deny');
    expect(off(key({ key: '¥', code: 'KeyY' }))).toBe('once');
    expect(off(key({ key: 'y', code: 'KeyZ' }))).toBe('once');
    expect(off(key({ altKey: false }))).toBeUndefined();
    expect(off(key({ ctrlKey: true }))).toBeUndefined();
    expect(off(key({ key: 'a', code: 'KeyA' }))).toBeUndefined();
  });
  it('on a Mac Option+Y types a symbol and still allows; Cmd with it is another shortcut', () => {
    expect(shortcutOf(key({ key: '¥', code: 'KeyY' }), true)).toBe('once');
    expect(shortcutOf(key({ key: '˜', code: 'KeyN' }), true)).toBe('deny');
    expect(shortcutOf(key({ metaKey: true }), true)).toBeUndefined();
  });
});

describe('arguments as a person reads them', () => {
  it('keeps short values inline and turns long text into blocks with a language', () => {
    const code = 'export const answer = 42;\nconsole.log(answer);\n';
    expect(argItems({ path: 'src/a.ts', content: code, count: 3, flags: { x: true } })).toEqual([
      { key: 'path', kind: 'text', text: 'src/a.ts' },
      { key: 'content', kind: 'block', text: code, language: 'typescript', lines: 2 },
      { key: 'count', kind: 'value', text: '3' },
      { key: 'flags', kind: 'json', text: '{\n  "x": true\n}' },
    ]);
    expect(argItems('plain')).toBeUndefined();
    expect(argItems({})).toEqual([]);
  });

  it('guesses the language from the file written, the argument’s name, or JSON', () => {
    expect(languageOfPath('dir/query.sql')).toBe('sql');
    expect(languageOfPath('Makefile')).toBe('makefile');
    expect(languageOfPath('.env')).toBeUndefined();
    expect(guessLanguage('query', 'SELECT *\nFROM t', { query: 'SELECT *\nFROM t' })).toBe('sql');
    expect(guessLanguage('payload', '{"a": [1, 2]}', {})).toBe('json');
    expect(guessLanguage('note', 'Dear Ada,\nhello.', {})).toBeUndefined();
    expect(guessLanguage('content', 'x = 1\n', { path: 'a.py', content: 'x = 1\n' })).toBe('python');
  });
});

describe('write summaries', () => {
  it('says a file is new, or how many lines are replaced, with the diff', () => {
    expect(writeSummary({ kind: 'none' }, 'x')).toBeUndefined();
    expect(writeSummary({ kind: 'new', path: '/r/a.md' }, 'one\ntwo\n')).toEqual({
      headline: 'Creates a new file, /r/a.md, with 2 lines.',
      tone: 'new',
    });
    const replaced = writeSummary(
      { kind: 'replace', path: '/r/a.md', current: 'one\ntwo\nthree\n' },
      'one\n2\nthree\nfour\n',
    );
    expect(replaced?.headline).toBe('Replaces 1 line of 3 in /r/a.md, with 2 new lines.');
    expect(replaced?.rows?.filter((row) => row.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'two' },
      { kind: 'added', text: '2' },
      { kind: 'added', text: 'four' },
    ]);
    expect(writeSummary({ kind: 'replace', path: 'p', current: 'same\n' }, 'same\n')?.tone).toBe('same');
    expect(writeSummary({ kind: 'replace', path: 'p', current: 'a\n' }, 'a\nb\n')?.headline).toMatch(
      /^Adds 1 line to p/,
    );
    expect(writeSummary({ kind: 'unavailable', path: 'p', reason: 'It is a folder.' }, 'x')).toEqual({
      headline: 'Writes p. It is a folder.',
      tone: 'unknown',
    });
  });
});

describe('tool card words', () => {
  it('shows a result marked isError as failed', () => {
    expect(shownStatus({ status: 'done', result: { content: [], isError: true } })).toBe('failed');
    expect(shownStatus({ status: 'done', result: { content: [] } })).toBe('done');
    expect(shownStatus({ status: 'running' })).toBe('running');
  });

  it('names the permission that let a call run', () => {
    expect(decisionText('granted')).toBe('allowed by a saved permission');
    expect(decisionText('granted', 'conversation')).toBe('allowed by your permission for this conversation');
    expect(decisionText('granted', 'read-only')).toMatch(/marks it read-only.*trust/);
    expect(decisionText('server-conversation')).toMatch(/this server’s tools/);
  });
});
