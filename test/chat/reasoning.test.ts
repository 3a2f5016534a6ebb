// Models that think: their thinking is kept above the answer with its duration, and goes back to the provider only where
// its API needs it (Anthropic's signed thinking during tool use), never to an OpenAI-compatible server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssistantMessage, ReasoningPart } from '../../src/shared/chat';
import { startAnthropicFixture } from '../fixtures/anthropic-server.mjs';
import { fixtureEntry } from '../helpers';
import { type HostHarness, type ScriptedModel, startHostHarness, startModel } from '../hostHarness';

type OpenAIRequest = { messages: { role: string; content: unknown; reasoning_content?: string }[] };
type AnthropicRequest = {
  thinking?: unknown;
  messages: { role: string; content: string | { type: string; [key: string]: unknown }[] }[];
};
type AnthropicFixture = Awaited<ReturnType<typeof startAnthropicFixture>>;

let model: ScriptedModel;
let anthropic: AnthropicFixture;
let harness: HostHarness;

beforeAll(async () => {
  model = await startModel();
  anthropic = await startAnthropicFixture();
  harness = await startHostHarness({ chat: fixtureEntry('chat-tools.mjs') }, model, {
    allowTools: true,
    providers: [
      {
        id: 'claude',
        type: 'anthropic',
        baseURL: anthropic.url,
        apiKey: 'test-key',
        models: ['claude-scripted'],
      },
    ],
  });
}, 30_000);

afterAll(async () => {
  await harness?.dispose();
  await model?.close();
  await anthropic?.close();
});

/** Sends `text` in conversation `id` and waits for the reply to end. */
async function ask(id: string, text: string): Promise<AssistantMessage> {
  await harness.host.commands['chat.send']({ id, text });
  let reply: AssistantMessage | undefined;
  await expect
    .poll(
      async () => {
        reply = await harness.lastReply(id);
        return reply && reply.status !== 'streaming' ? reply.status : undefined;
      },
      { timeout: 30_000 },
    )
    .toBe('done');
  return reply as AssistantMessage;
}

const thinking = (reply: AssistantMessage) =>
  reply.parts.filter((part): part is ReasoningPart => part.type === 'reasoning');

describe('an OpenAI-compatible server that streams reasoning_content', { timeout: 60_000 }, () => {
  it('shows the thinking above the answer with its duration, and never sends it back', async () => {
    model.script([
      {
        reasoning: 'The person wants a greeting; greet Ada first.',
        toolCalls: [{ name: 'chat__greet', arguments: { name: 'Ada' } }],
      },
      { reasoning: 'The tool answered; say so.', text: 'Ada has been greeted.' },
    ]);
    const before = (await model.requests()).length;
    const { reply } = await harness.chat('Greet Ada.');
    expect(reply.status).toBe('done');
    expect(reply.parts.map((part) => part.type)).toEqual(['reasoning', 'tool', 'reasoning', 'text']);
    expect(thinking(reply).map((part) => part.text)).toEqual([
      'The person wants a greeting; greet Ada first.',
      'The tool answered; say so.',
    ]);
    for (const part of thinking(reply)) expect(part.durationMs).toBeGreaterThanOrEqual(0);
    const [, second] = ((await model.requests()) as unknown as OpenAIRequest[]).slice(before);
    const assistant = second?.messages.find((message) => message.role === 'assistant');
    expect(assistant).toBeDefined();
    expect(JSON.stringify(second)).not.toContain('reasoning_content');
    expect(JSON.stringify(second)).not.toContain('greet Ada first');
  });

  it('reads thinking written between <think> tags as thinking, not as the answer', async () => {
    model.script([{ text: '<think>Two and two make four.</think>Four.' }]);
    const { reply } = await harness.chat('Two and two?');
    expect(reply.parts).toMatchObject([
      { type: 'reasoning', text: 'Two and two make four.' },
      { type: 'text', text: 'Four.' },
    ]);
  });
});

describe('Anthropic extended thinking', { timeout: 60_000 }, () => {
  it('asks for the budget set for the model and sends the signed thinking back with the tool call, and only then', async () => {
    await harness.host.commands['models.setOptions']({
      model: 'claude/claude-scripted',
      options: { thinking: { on: true, budgetTokens: 2048 } },
    });
    const { id } = await harness.host.commands['chat.create']({ model: 'claude/claude-scripted' });
    anthropic.script([
      {
        thinking: 'I should greet Grace with the tool.',
        signature: 'sig-EqQBCgIYAhIM1gbcDa9GJwZA2b3h',
        toolCalls: [{ name: 'chat__greet', arguments: { name: 'Grace' } }],
      },
      { thinking: 'Done; answer.', signature: 'sig-second', text: 'Grace has been greeted.' },
      { text: 'You are welcome.' },
    ]);
    const reply = await ask(id, 'Greet Grace.');
    expect(reply.parts.map((part) => part.type)).toEqual(['reasoning', 'tool', 'reasoning', 'text']);
    expect(thinking(reply)[0]?.text).toBe('I should greet Grace with the tool.');

    const [first, second] = anthropic.requests() as AnthropicRequest[];
    expect(first?.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
    const answered = second?.messages.find((message) => message.role === 'assistant');
    expect(Array.isArray(answered?.content) && answered.content.slice(0, 2)).toEqual([
      {
        type: 'thinking',
        thinking: 'I should greet Grace with the tool.',
        signature: 'sig-EqQBCgIYAhIM1gbcDa9GJwZA2b3h',
      },
      expect.objectContaining({ type: 'tool_use', name: 'chat__greet', input: { name: 'Grace' } }),
    ]);

    // The next message starts a new turn: no earlier thinking goes back.
    await ask(id, 'Thanks.');
    const third = (anthropic.requests() as AnthropicRequest[]).at(-1);
    expect(JSON.stringify(third?.messages)).not.toContain('"thinking"');
    expect(JSON.stringify(third?.messages)).not.toContain('sig-');
  });
});
