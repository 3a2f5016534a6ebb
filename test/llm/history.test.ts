// Stored conversations become the AI SDK messages a model reads; tool outcomes become plain words.
import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { IMAGE_OMITTED } from '../../src/main/llm/blockText';
import { toModelMessages } from '../../src/main/llm/history';
import { type ToolResultOutput, toolResultOutput } from '../../src/main/llm/toolResults';
import type { AssistantMessage, ChatMessage, ToolCallView } from '../../src/shared/chat';

function call(id: string, patch: Partial<ToolCallView>): ToolCallView {
  return {
    id,
    name: 'files__read',
    server: 'files',
    tool: 'read',
    args: { path: `/${id}` },
    status: 'done',
    ...patch,
  };
}

function assistant(
  parts: AssistantMessage['parts'],
  patch: Partial<AssistantMessage> = {},
): AssistantMessage {
  return { id: 'a', role: 'assistant', time: 0, model: 'fx/m', status: 'done', parts, ...patch };
}

const PNG = 'iVBORw0KGgo=';

const conversation: ChatMessage[] = [
  { id: 'u1', role: 'user', text: 'Show me the chart and the secret.', time: 0 },
  assistant([
    { type: 'text', text: 'Looking.' },
    { type: 'tool', call: call('c1', { status: 'denied', decision: 'denied' }) },
    {
      type: 'tool',
      call: call('c2', {
        result: {
          content: [
            { type: 'text', text: 'Chart:' },
            { type: 'image', data: PNG, mimeType: 'image/png' },
          ],
        },
      }),
    },
    { type: 'text', text: 'Here it is.' },
  ]),
  { id: 'u2', role: 'user', text: 'And the data?', time: 1 },
  assistant(
    [
      {
        type: 'tool',
        call: call('c3', {
          result: {
            content: [
              { type: 'text', text: 'Totals follow.' },
              {
                type: 'resource',
                resource: { uri: 'file:///totals.csv', mimeType: 'text/csv', text: 'a,1' },
              },
              {
                type: 'resource',
                resource: { uri: 'file:///logo.png', mimeType: 'image/png', blob: 'AAAA' },
              },
              { type: 'resource_link', uri: 'file:///big.log', name: 'big.log' },
              { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
            ],
            structuredContent: { total: 3 },
          },
        }),
      },
      { type: 'tool', call: call('c4', { status: 'running' }) },
    ],
    { status: 'stopped' },
  ),
];

const expected = (image: ToolResultOutput): ModelMessage[] => [
  { role: 'user', content: 'Show me the chart and the secret.' },
  {
    role: 'assistant',
    content: [
      { type: 'text', text: 'Looking.' },
      { type: 'tool-call', toolCallId: 'c1', toolName: 'files__read', input: { path: '/c1' } },
      { type: 'tool-call', toolCallId: 'c2', toolName: 'files__read', input: { path: '/c2' } },
    ],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'c1',
        toolName: 'files__read',
        output: { type: 'text', value: 'The person declined this tool call.' },
      },
      { type: 'tool-result', toolCallId: 'c2', toolName: 'files__read', output: image },
    ],
  },
  { role: 'assistant', content: [{ type: 'text', text: 'Here it is.' }] },
  { role: 'user', content: 'And the data?' },
  {
    role: 'assistant',
    content: [
      { type: 'tool-call', toolCallId: 'c3', toolName: 'files__read', input: { path: '/c3' } },
      { type: 'tool-call', toolCallId: 'c4', toolName: 'files__read', input: { path: '/c4' } },
    ],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'c3',
        toolName: 'files__read',
        output: {
          type: 'text',
          value: [
            'Totals follow.',
            '[resource file:///totals.csv]\na,1',
            '[resource file:///logo.png omitted: image/png, 3 bytes]',
            '[resource link file:///big.log (big.log)]',
            '[audio omitted (audio/wav): the model cannot hear audio]',
            '{"total":3}',
          ].join('\n'),
        },
      },
      {
        type: 'tool-result',
        toolCallId: 'c4',
        toolName: 'files__read',
        output: { type: 'text', value: 'The tool call was cancelled.' },
      },
    ],
  },
];

describe('toModelMessages', () => {
  it('converts a conversation for a model that sees images', () => {
    expect(toModelMessages(conversation, { vision: true })).toEqual(
      expected({
        type: 'content',
        value: [
          { type: 'text', text: 'Chart:' },
          { type: 'file', mediaType: 'image/png', data: { type: 'data', data: PNG } },
        ],
      }),
    );
  });

  it('puts a note where the image was for a model that does not', () => {
    expect(toModelMessages(conversation, { vision: false })).toEqual(
      expected({ type: 'text', value: `Chart:\n${IMAGE_OMITTED}` }),
    );
  });

  it('leaves out replies that produced nothing', () => {
    const messages: ChatMessage[] = [
      { id: 'u', role: 'user', text: 'Hi', time: 0 },
      assistant([], { status: 'error', error: 'The provider refused the API key (401).' }),
      { id: 'u2', role: 'user', text: 'Hi again', time: 1 },
    ];
    expect(toModelMessages(messages, { vision: false })).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'user', content: 'Hi again' },
    ]);
  });
});

describe('toolResultOutput', () => {
  it('says what happened to calls that did not finish', () => {
    expect(toolResultOutput({ status: 'failed', error: 'server exited' }, false)).toEqual({
      type: 'text',
      value: 'The tool call failed: server exited',
    });
    expect(toolResultOutput({ status: 'cancelled' }, false).type).toBe('text');
    expect(toolResultOutput({ status: 'waiting' }, false)).toEqual({
      type: 'text',
      value: 'The tool call was cancelled.',
    });
  });

  it('leaves a result within the limit whole, and cuts a longer one with a marker', () => {
    const done = (text: string) => ({
      status: 'done' as const,
      result: { content: [{ type: 'text' as const, text }] },
    });
    expect(toolResultOutput(done('x'.repeat(50)), false, 50)).toEqual({
      type: 'text',
      value: 'x'.repeat(50),
    });
    const cut = toolResultOutput(done('x'.repeat(80)), false, 50);
    expect(cut).toEqual({
      type: 'text',
      value: `${'x'.repeat(50)}\n[Result truncated for the model: only the first 50 of 80 characters are included. The person can see the whole result; ask them, or call the tool for less.]`,
    });
  });

  it('keeps images when it cuts the text around them', () => {
    const output = toolResultOutput(
      {
        status: 'done',
        result: {
          content: [
            { type: 'text', text: 'y'.repeat(40) },
            { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
            { type: 'text', text: 'w'.repeat(40) },
          ],
        },
      },
      true,
      50,
    );
    expect(output.type).toBe('content');
    const parts = output.type === 'content' ? output.value : [];
    expect(parts.map((part) => part.type)).toEqual(['text', 'file', 'text', 'text']);
    expect(parts[2]).toEqual({ type: 'text', text: 'w'.repeat(10) });
    expect(parts[3]).toMatchObject({ type: 'text', text: expect.stringContaining('first 50 of 80') });
  });

  it('marks an error result and does not repeat structured content already given as text', () => {
    const output = toolResultOutput(
      {
        status: 'done',
        result: {
          isError: true,
          content: [{ type: 'text', text: '{"code": 7}' }],
          structuredContent: { code: 7 },
        },
      },
      false,
    );
    expect(output).toEqual({ type: 'text', value: 'The tool reported an error:\n{"code": 7}' });
  });

  it('says when a tool returned nothing', () => {
    expect(toolResultOutput({ status: 'done', result: { content: [] } }, false)).toEqual({
      type: 'text',
      value: '(The tool returned no content.)',
    });
  });
});
