// Large resources cross to the page as a preview and an id; attaching them sends the id, and the model reads them whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LlmFixture, modelsConfig, startLlm } from '../../e2e/llm';
import { type ChatMessage, type ConsentRequest, DEFAULT_TOOL_RESULT_TOKENS } from '../../src/shared/chat';
import type { ContextItem, ResourceContentsView, ResourceReadResult } from '../../src/shared/resources';
import { charsOf } from '../../src/shared/tokens';
import { uniqueToken } from '../helpers';
import {
  expectAlive,
  expectNoProcessLeft,
  HostSocket,
  Hosts,
  misbehave,
  type RunningHost,
  requireFreshBuild,
  serverState,
} from './harness';

const MB = 9;
const FULL = MB * 1024 * 1024;
const tag = uniqueToken('attach');
const hosts = new Hosts();
let llm: LlmFixture;
let host: RunningHost;
let page: HostSocket;

beforeAll(async () => {
  requireFreshBuild();
  llm = await startLlm();
  host = await hosts.start({
    mcpServers: { files: misbehave('healthy', tag, { BIG_MB: String(MB) }) },
    models: modelsConfig(llm),
  });
  page = await HostSocket.open(host);
  await serverState(page, 'files', 'running');
}, 30_000);

afterAll(async () => {
  page?.close();
  await hosts.stopAll();
  await llm?.close();
  await expectNoProcessLeft(tag);
}, 30_000);

/** What the page sends: the contents as it got them (previews with their ids), as the renderer's attach does. */
function attachment(uri: string, contents: ResourceContentsView[]): ContextItem {
  return { kind: 'resource', server: 'files', uri, contents };
}

describe('large resources', { timeout: 60_000 }, () => {
  it('reach the page as a capped preview with an id; the rest comes on demand, by range', async () => {
    const reply = await page.invoke('resources.read', { server: 'files', uri: 'big://text' });
    expect(reply.ok).toBe(true);
    expect(JSON.stringify(reply).length).toBeLessThan(1024 * 1024);
    const [content] = (reply as { value: ResourceReadResult }).value.contents;
    expect(content?.text?.startsWith('BEGIN rrr')).toBe(true);
    expect(content?.truncated?.length).toBe(FULL + 'BEGIN  END'.length);
    const id = content?.truncated?.id ?? '';
    expect(id).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const tail = await page.call('payloads.read', { id, offset: FULL + 6, length: 100 });
    expect(tail).toEqual({ data: ' END', offset: FULL + 6, total: FULL + 10 });

    const blob = await page.call('resources.read', { server: 'files', uri: 'big://blob' });
    expect(blob.contents[0]?.blob).toBeUndefined();
    expect(blob.contents[0]?.truncated?.length).toBe(Math.ceil(FULL / 3) * 4);
  });

  it('two 9 MB resources attached to one message go by reference and reach the model whole', async () => {
    const text = await page.call('resources.read', { server: 'files', uri: 'big://text' });
    const other = await page.call('resources.read', { server: 'files', uri: 'big://other' });
    const { id } = await page.call('chat.create', {});
    await llm.script([{ text: 'Both read.' }]);
    const frame = JSON.stringify({
      id: 500,
      name: 'chat.send',
      args: {
        id,
        text: 'Compare these.',
        context: [attachment('big://text', text.contents), attachment('big://other', other.contents)],
      },
    });
    expect(frame.length).toBeLessThan(2 * 1024 * 1024);
    expect(await page.sendFor(500, frame)).toMatchObject({ ok: true });
    await page.event<{ message: ChatMessage }>(
      'chat.message',
      ({ message }) => message.role === 'assistant' && message.status === 'done',
    );
    const requests = (await llm.requests()) as { messages: { role: string; content: unknown }[] }[];
    const sent = JSON.stringify(requests.at(-1)?.messages);
    expect(sent).toContain(`BEGIN ${'r'.repeat(FULL)} END`);
    expect(sent).toContain(`START ${'s'.repeat(FULL)} STOP`);

    const conversation = await page.invoke('chat.get', { id });
    expect(JSON.stringify(conversation).length).toBeLessThan(2 * 1024 * 1024);
    await expectAlive(host);
  });

  it('an attachment whose id the host does not know is read again from its server', async () => {
    const { id } = await page.call('chat.create', {});
    await llm.script([{ text: 'Read again.' }]);
    const stale: ResourceContentsView = {
      uri: 'big://text',
      mimeType: 'text/plain',
      text: 'BEGIN r',
      truncated: { id: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', length: FULL + 10 },
    };
    await page.call('chat.send', { id, text: 'And this?', context: [attachment('big://text', [stale])] });
    await page.event<{ message: ChatMessage; conversationId: string }>(
      'chat.message',
      ({ conversationId, message }) =>
        conversationId === id && message.role === 'assistant' && message.status === 'done',
    );
    const requests = (await llm.requests()) as { messages: unknown[] }[];
    expect(JSON.stringify(requests.at(-1)?.messages)).toContain(`BEGIN ${'r'.repeat(FULL)} END`);
  });

  it('a 9 MB tool result in a conversation reaches the model as its start and how to read on, and the page gets its start', async () => {
    const { id } = await page.call('chat.create', {});
    await llm.script([
      { toolCalls: [{ name: 'files__big', arguments: { mb: MB, fill: 'q' } }] },
      { text: 'Big indeed.' },
    ]);
    await page.call('chat.send', { id, text: 'Call big.' });
    const request = await page.event<ConsentRequest>(
      'consent.requested',
      (item) => item.conversationId === id,
    );
    await page.call('consent.answer', { id: request.id, decision: 'once' });
    await page.event<{ message: ChatMessage; conversationId: string }>(
      'chat.message',
      ({ conversationId, message }) =>
        conversationId === id && message.role === 'assistant' && message.status === 'done',
    );
    const requests = (await llm.requests()) as { messages: unknown[] }[];
    const sent = JSON.stringify(requests.at(-1)?.messages);
    const given = charsOf(DEFAULT_TOOL_RESULT_TOKENS);
    expect(sent).toContain(
      `${'q'.repeat(given)}\\n[This result is ${FULL.toLocaleString('en')} characters (1 line); above are the first ${given.toLocaleString('en')}.`,
    );
    expect(sent).not.toContain('q'.repeat(given + 1));
    expect(sent).toContain('read_result');

    const conversation = await page.call('chat.get', { id });
    expect(JSON.stringify(conversation).length).toBeLessThan(2 * 1024 * 1024);
    const reply = conversation.messages.find((message) => message.role === 'assistant');
    const part = reply?.role === 'assistant' ? reply.parts[0] : undefined;
    const block = part?.type === 'tool' ? part.call.result?.content[0] : undefined;
    expect(block?.type === 'text' && block.truncated?.length).toBe(FULL);
    const start = await page.call('payloads.read', {
      id: (block?.type === 'text' && block.truncated?.id) || '',
      length: 3,
    });
    expect(start).toEqual({ data: 'qqq', offset: 0, total: FULL });
  });
});
