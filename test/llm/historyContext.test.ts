// Prompts and resources attached to a message reach the model before the person's own words.
import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { IMAGE_OMITTED } from '../../src/main/llm/blockText';
import { toModelMessages } from '../../src/main/llm/history';
import type { ChatMessage, UserMessage } from '../../src/shared/chat';
import type { ContextItem } from '../../src/shared/resources';

const PNG = 'iVBORw0KGgo=';

function ask(text: string, context: ContextItem[]): UserMessage {
  return { id: 'u', role: 'user', text, time: 0, context };
}

const reviewPrompt: ContextItem = {
  kind: 'prompt',
  server: 'everything',
  name: 'code-review',
  messages: [
    { role: 'user', content: { type: 'text', text: 'Review this code.' } },
    { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
    {
      role: 'user',
      content: {
        type: 'resource',
        resource: { uri: 'file:///src/a.ts', mimeType: 'text/x-typescript', text: 'let a = 1;' },
      },
    },
    { role: 'assistant', content: { type: 'text', text: 'Which part matters most?' } },
    { role: 'user', content: { type: 'resource_link', uri: 'file:///src/b.ts', name: 'b.ts' } },
    { role: 'user', content: { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' } },
  ],
};

describe('a message with context', () => {
  it('puts a prompt’s messages in order before the person’s text, assistant turns as assistant messages', () => {
    const expected: ModelMessage[] = [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Review this code.' },
          { type: 'file', mediaType: 'image/png', data: { type: 'data', data: PNG } },
          { type: 'text', text: 'Resource file:///src/a.ts (text/x-typescript):\nlet a = 1;' },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'Which part matters most?' }] },
      {
        role: 'user',
        content: [
          { type: 'text', text: '[resource link file:///src/b.ts (b.ts)]' },
          { type: 'text', text: '[audio omitted (audio/wav): the model cannot hear audio]' },
          { type: 'text', text: 'The error handling, please.' },
        ],
      },
    ];
    expect(toModelMessages([ask('The error handling, please.', [reviewPrompt])], { vision: true })).toEqual(
      expected,
    );
  });

  it('puts a note where a prompt’s image was for a model that cannot see images', () => {
    const [first] = toModelMessages([ask('Go on.', [reviewPrompt])], { vision: false });
    expect(first).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'Review this code.' },
        { type: 'text', text: IMAGE_OMITTED },
        { type: 'text', text: 'Resource file:///src/a.ts (text/x-typescript):\nlet a = 1;' },
      ],
    });
  });

  it('attaches resources as text with a header, images as files only for vision models', () => {
    const attached: ContextItem = {
      kind: 'resource',
      server: 'files',
      uri: 'file:///notes.md',
      contents: [
        { uri: 'file:///notes.md', mimeType: 'text/markdown', text: '# Notes' },
        { uri: 'file:///logo.png', mimeType: 'image/png', blob: PNG },
        { uri: 'file:///data.bin', mimeType: 'application/octet-stream', blob: 'AAECAw==' },
        {
          uri: 'file:///b64.json',
          mimeType: 'application/json',
          blob: Buffer.from('{"a":1}').toString('base64'),
        },
      ],
    };
    const message = ask('Summarise these.', [attached]);
    expect(toModelMessages([message], { vision: true })).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Attached resource file:///notes.md (text/markdown):\n# Notes' },
          { type: 'text', text: 'Attached resource file:///logo.png (image/png):' },
          { type: 'file', mediaType: 'image/png', data: { type: 'data', data: PNG } },
          {
            type: 'text',
            text: 'Attached resource file:///data.bin (application/octet-stream):\n[4 bytes omitted: binary data]',
          },
          { type: 'text', text: 'Attached resource file:///b64.json (application/json):\n{"a":1}' },
          { type: 'text', text: 'Summarise these.' },
        ],
      },
    ]);
    const blind = toModelMessages([message], { vision: false })[0];
    expect(blind?.content).toContainEqual({
      type: 'text',
      text: 'Attached resource file:///logo.png (image/png):\n[8 bytes omitted: the model cannot see images]',
    });
    expect(JSON.stringify(blind)).not.toContain('"type":"file"');
  });

  it('allows an empty text when there is context', () => {
    const attached: ContextItem = {
      kind: 'resource',
      server: 'files',
      uri: 'file:///a.txt',
      contents: [{ uri: 'file:///a.txt', mimeType: 'text/plain', text: 'hello' }],
    };
    expect(toModelMessages([ask('', [attached])], { vision: false })).toEqual([
      {
        role: 'user',
        content: [{ type: 'text', text: 'Attached resource file:///a.txt (text/plain):\nhello' }],
      },
    ]);
  });

  it('keeps several context items in the order they were attached', () => {
    const first: ContextItem = {
      kind: 'prompt',
      server: 's',
      name: 'p',
      messages: [{ role: 'user', content: { type: 'text', text: 'From the prompt.' } }],
    };
    const second: ContextItem = {
      kind: 'resource',
      server: 's',
      uri: 'mem://x',
      contents: [{ uri: 'mem://x', text: 'From the resource.' }],
    };
    const [message] = toModelMessages([ask('Mine.', [first, second])], { vision: false });
    expect(message?.content).toEqual([
      { type: 'text', text: 'From the prompt.' },
      { type: 'text', text: 'Attached resource mem://x (unknown type):\nFrom the resource.' },
      { type: 'text', text: 'Mine.' },
    ]);
  });

  it('leaves messages without context as plain text, around those with it', () => {
    const messages: ChatMessage[] = [
      { id: 'a', role: 'user', text: 'Plain.', time: 0 },
      ask('With.', [{ kind: 'resource', server: 's', uri: 'mem://y', contents: [] }]),
      { id: 'b', role: 'user', text: 'Plain again.', time: 2, context: [] },
    ];
    expect(toModelMessages(messages, { vision: false })).toEqual([
      { role: 'user', content: 'Plain.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Attached resource mem://y: (empty)' },
          { type: 'text', text: 'With.' },
        ],
      },
      { role: 'user', content: 'Plain again.' },
    ]);
  });
});
