// Words and small transforms of the chat views: tool call texts, markdown blocks, conversation search, models.
import { describe, expect, it } from 'vitest';
import { filterChats } from '../../src/renderer/src/features/chat/conversationList';
import { splitBlocks } from '../../src/renderer/src/features/chat/markdownBlocks';
import { currentModel, isKnownModel, modelGroups } from '../../src/renderer/src/features/chat/models';
import {
  argumentsPreview,
  argumentsText,
  decisionText,
  progressView,
  statusText,
} from '../../src/renderer/src/features/chat/toolCallText';
import type { ModelsView } from '../../src/shared/chat';

describe('tool call words', () => {
  it('names every status and decision in plain words', () => {
    expect(
      ['waiting', 'running', 'done', 'failed', 'denied', 'cancelled'].map((s) => statusText(s as never)),
    ).toEqual(['waiting for you', 'running', 'done', 'failed', 'denied', 'cancelled']);
    expect(['once', 'always', 'granted', 'denied'].map((d) => decisionText(d as never))).toEqual([
      'allowed once',
      'always allowed',
      'allowed by a saved permission',
      'denied',
    ]);
  });

  it('gives a value and max only when the total is known', () => {
    expect(progressView({ progress: 3, total: 4, message: 'Copying' })).toEqual({
      value: 3,
      max: 4,
      label: 'Copying (75%)',
    });
    expect(progressView({ progress: 9, total: 4 })).toEqual({ value: 4, max: 4, label: '100%' });
    expect(progressView({ progress: 7 })).toEqual({ label: '7 so far' });
    expect(progressView({ progress: 7, total: 0, message: 'Working' })).toEqual({ label: 'Working' });
  });

  it('prints arguments pretty and previews them short', () => {
    expect(argumentsText({})).toBe('No arguments');
    expect(argumentsText({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(argumentsPreview({})).toBe('');
    expect(argumentsPreview({ text: 'x'.repeat(200) }, 20)).toHaveLength(20);
  });
});

describe('splitBlocks', () => {
  it('cuts at blank lines', () => {
    expect(splitBlocks('# Title\n\nOne\ntwo\n\n\nThree')).toEqual(['# Title', 'One\ntwo', 'Three']);
  });

  it('never cuts inside fenced code', () => {
    const text = 'Before\n\n```js\nconst a = 1;\n\nconst b = 2;\n```\n\nAfter';
    expect(splitBlocks(text)).toEqual(['Before', '```js\nconst a = 1;\n\nconst b = 2;\n```', 'After']);
  });

  it('keeps an unfinished fence open to the end, and tilde fences apart from backticks', () => {
    expect(splitBlocks('~~~\na\n\n```\nb\n\nc')).toEqual(['~~~\na\n\n```\nb\n\nc']);
  });

  it('keeps indented continuations with their list item', () => {
    expect(splitBlocks('1. one\n\n   more\n2. two\n\nEnd')).toEqual(['1. one\n\n   more\n2. two', 'End']);
  });
});

describe('filterChats', () => {
  const chats = ['Trip to Lisbon', 'Refactor the parser', 'lisbon hotels'].map((title, i) => ({
    id: String(i),
    title,
    createdAt: 0,
    updatedAt: 0,
  }));
  it('matches every word of the query in the title, ignoring case', () => {
    expect(filterChats(chats, '').map((c) => c.id)).toEqual(['0', '1', '2']);
    expect(filterChats(chats, 'LISBON').map((c) => c.id)).toEqual(['0', '2']);
    expect(filterChats(chats, 'lisbon trip').map((c) => c.id)).toEqual(['0']);
    expect(filterChats(chats, 'nothing')).toEqual([]);
  });
});

describe('models', () => {
  const models: ModelsView = {
    providers: [
      { id: 'local', type: 'openai-compatible', models: ['a', 'b'], key: { source: 'none' } },
      { id: 'empty', type: 'openai', models: [], key: { source: 'none' } },
      { id: 'claude', type: 'anthropic', models: ['sonnet'], key: { source: 'stored' } },
    ],
    default: 'local/a',
  };
  it('lists provider/model per provider with models', () => {
    expect(modelGroups(models)).toEqual([
      { provider: 'local', refs: ['local/a', 'local/b'] },
      { provider: 'claude', refs: ['claude/sonnet'] },
    ]);
    expect(modelGroups(null)).toEqual([]);
  });

  it('uses the conversation’s model, else the default', () => {
    expect(currentModel('claude/sonnet', models)).toBe('claude/sonnet');
    expect(currentModel(undefined, models)).toBe('local/a');
    expect(isKnownModel(modelGroups(models), 'gone/x')).toBe(false);
  });
});
