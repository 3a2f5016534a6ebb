// The chat window's pure logic: @ mentions, math delimiters, shortcuts, usage words, context windows, removed messages.
import { describe, expect, it } from 'vitest';
import { normalizeMath } from '../../src/renderer/src/components/mathDelimiters';
import { bytesToBase64 } from '../../src/renderer/src/features/chat/attachments/upload';
import { splitBlocks } from '../../src/renderer/src/features/chat/markdownBlocks';
import {
  completeMention,
  filterResources,
  mentionAt,
  resourceEntries,
} from '../../src/renderer/src/features/chat/mentions/mentionQuery';
import {
  contextFill,
  duration,
  replyStats,
  tokenCount,
} from '../../src/renderer/src/features/chat/usageText';
import {
  keysLabel,
  matches,
  SHORTCUTS,
  shortcutFor,
} from '../../src/renderer/src/features/palette/shortcuts';
import { emptyEntry, removeMessages, upsertMessage } from '../../src/renderer/src/store/chatEntries';
import type { ChatMessage } from '../../src/shared/chat';
import { contextWindow } from '../../src/shared/contextWindow';
import type { ServerView } from '../../src/shared/types';

describe('@ mentions', () => {
  it('finds the mention the caret is in, not an e-mail address or a finished word', () => {
    expect(mentionAt('Read @arch', 10)).toEqual({ start: 5, query: 'arch' });
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAt('Read @arch please', 17)).toBeNull();
    expect(mentionAt('Read @arch please', 10)).toEqual({ start: 5, query: 'arch' });
    expect(mentionAt('mail me@example.com', 19)).toBeNull();
    expect(mentionAt('no mention', 10)).toBeNull();
  });

  it('replaces the mention with the resource name and puts the caret after it', () => {
    expect(completeMention('Read @arch now', { start: 5, query: 'arch' }, 'architecture.md')).toEqual({
      text: 'Read @architecture.md now',
      caret: 22,
    });
    expect(completeMention('@my', { start: 0, query: 'my' }, 'My notes')).toEqual({
      text: '@My_notes ',
      caret: 10,
    });
  });

  it('lists the resources of running servers that offer them, best match first', () => {
    const server = (name: string, kind: 'running' | 'stopped', uris: string[], resources = true) =>
      ({
        name,
        state: kind === 'running' ? { kind, since: 0 } : { kind },
        capabilities: resources ? { resources: {} } : {},
        resources: uris.map((uri) => ({ uri, name: uri.split('/').pop() ?? uri })),
      }) as unknown as ServerView;
    const entries = resourceEntries([
      server('docs', 'running', ['file:///a/architecture.md', 'file:///a/readme.md']),
      server('off', 'stopped', ['file:///b/arch.txt']),
      server('none', 'running', ['file:///c/arch.txt'], false),
    ]);
    expect(entries.map((entry) => entry.resource.uri)).toEqual([
      'file:///a/architecture.md',
      'file:///a/readme.md',
    ]);
    expect(filterResources(entries, 'read').map((entry) => entry.resource.name)).toEqual(['readme.md']);
  });
});

describe('math', () => {
  it('turns \\[ \\] and a line of $$ into display math and \\( \\) into inline math, outside code', () => {
    expect(normalizeMath('So \\(x^2\\) grows.')).toBe('So $x^2$ grows.');
    expect(normalizeMath('Sum:\n\\[ a+b \\]\nend')).toBe('Sum:\n\n$$\na+b\n$$\n\nend');
    expect(normalizeMath('$$E = mc^2$$')).toBe('$$\nE = mc^2\n$$');
    expect(normalizeMath('It costs $5 and $10.')).toBe('It costs $5 and $10.');
    expect(normalizeMath('Code `\\(x\\)` and\n```\n\\[y\\]\n```')).toBe(
      'Code `\\(x\\)` and\n```\n\\[y\\]\n```',
    );
  });

  it('keeps display math in one block while it streams', () => {
    expect(splitBlocks('Intro\n\n$$\na\n\nb\n$$\n\nAfter')).toEqual(['Intro', '$$\na\n\nb\n$$', 'After']);
    expect(splitBlocks('$$x$$\n\nnext')).toEqual(['$$x$$', 'next']);
  });
});

describe('shortcuts', () => {
  const key = (init: Partial<KeyboardEvent>) =>
    ({
      key: '',
      code: '',
      ctrlKey: false,
      metaKey: false,
      shiftKey: false,
      altKey: false,
      ...init,
    }) as KeyboardEvent;

  it('matches Ctrl on Linux and Windows and Cmd on a Mac, with exactly the modifiers named', () => {
    const palette = SHORTCUTS.find((item) => item.id === 'palette')?.keys ?? {};
    expect(matches(palette, key({ key: 'k', ctrlKey: true }), false)).toBe(true);
    expect(matches(palette, key({ key: 'K', metaKey: true }), true)).toBe(true);
    expect(matches(palette, key({ key: 'k', metaKey: true }), false)).toBe(false);
    expect(matches(palette, key({ key: 'k', ctrlKey: true, shiftKey: true }), false)).toBe(false);
    expect(shortcutFor(key({ code: 'Digit2', key: '@', ctrlKey: true, shiftKey: true }), false)?.id).toBe(
      'section-servers',
    );
    expect(shortcutFor(key({ key: 'k' }), false)).toBeUndefined();
  });

  it('names the keys the way each system writes them', () => {
    expect(keysLabel({ key: 'o', mod: true, shift: true }, false)).toBe('Ctrl+Shift+O');
    expect(keysLabel({ key: 'o', mod: true, shift: true }, true)).toBe('⇧⌘O');
    expect(keysLabel({ code: 'Digit3', mod: true, shift: true }, false)).toBe('Ctrl+Shift+3');
    expect(keysLabel({ key: 'Escape' }, false)).toBe('Esc');
  });

  it('has one shortcut per key combination', () => {
    const labels = SHORTCUTS.map((item) => keysLabel(item.keys, false));
    expect(new Set(labels).size).toBe(labels.length);
  });
});

describe('usage words', () => {
  it('counts tokens and time briefly', () => {
    expect([tokenCount(950), tokenCount(1234), tokenCount(64_012), tokenCount(1_250_000)]).toEqual([
      '950',
      '1.2k',
      '64k',
      '1.3M',
    ]);
    expect([duration(840), duration(12_400), duration(125_000)]).toEqual(['0.8 s', '12 s', '2 min 5 s']);
    expect(
      replyStats({
        usage: { inputTokens: 1200, outputTokens: 7, contextTokens: 1207, estimated: false },
        durationMs: 3400,
      }),
    ).toBe('1.2k in · 7 out · 3.4 s');
    expect(
      replyStats({ usage: { inputTokens: 30, outputTokens: 3, contextTokens: 33, estimated: true } }),
    ).toBe('≈30 in · ≈3 out');
    expect(replyStats({})).toBeNull();
  });

  it('says how full the context is against the published window, and says when that is unknown or estimated', () => {
    const usage = { inputTokens: 1, outputTokens: 1, contextTokens: 64_000, estimated: false };
    expect(contextFill(usage, 'local/llama3.2')).toMatchObject({
      limit: 128_000,
      percent: 50,
      label: '64k of 128k (50%)',
    });
    expect(contextFill(usage, 'local/scripted-model')).toMatchObject({ label: '64k tokens' });
    expect(contextFill(usage, 'local/scripted-model')?.percent).toBeUndefined();
    expect(contextFill({ ...usage, estimated: true }, 'claude/claude-sonnet-4-5')?.detail).toMatch(
      /^Estimated/,
    );
    expect(contextFill(undefined, 'local/llama3.2')).toBeNull();
    expect([
      contextWindow('openai/gpt-4o-mini'),
      contextWindow('google/gemini-2.0-flash'),
      contextWindow('x/unknown'),
    ]).toEqual([128_000, 1_048_576, undefined]);
  });
});

describe('removed messages and uploads', () => {
  it('takes removed messages out of a loaded conversation, keeping the rest in order', () => {
    const message = (id: string): ChatMessage => ({ id, role: 'user', text: id, time: 1 });
    const entry = ['a', 'b', 'c', 'd'].map(message).reduce(upsertMessage, emptyEntry());
    const after = removeMessages(entry, ['b', 'd', 'missing']);
    expect(after.ids).toEqual(['a', 'c']);
    expect(Object.keys(after.byId)).toEqual(['a', 'c']);
    expect(removeMessages(after, ['zzz'])).toBe(after);
  });

  it('encodes upload chunks as base64, also past the size of one String.fromCharCode call', () => {
    const bytes = new Uint8Array(100_000).map((_, index) => index % 251);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });
});
