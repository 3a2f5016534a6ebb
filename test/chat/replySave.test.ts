// A reply whose last save fails says so on the reply, instead of looking kept until the app closes.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { unsaved } from '../../src/main/chat/replyParts';
import type { AssistantMessage, ChatMessage } from '../../src/shared/chat';
import { fixtureEntry, until } from '../helpers';
import { type HostHarness, type ScriptedModel, startHostHarness, startModel } from '../hostHarness';

let model: ScriptedModel;
const harnesses: HostHarness[] = [];
beforeAll(async () => {
  model = await startModel();
});
afterAll(() => model.close());
afterEach(async () => {
  for (const harness of harnesses.splice(0)) await harness.dispose();
});

function repliesIn(harness: HostHarness, conversationId: string): AssistantMessage[] {
  return harness.events
    .filter((event) => event.name === 'chat.message')
    .map((event) => event.payload as { conversationId: string; message: ChatMessage })
    .filter((event) => event.conversationId === conversationId && event.message.role === 'assistant')
    .map((event) => event.message as AssistantMessage);
}

describe('the last save of a reply', { timeout: 60_000 }, () => {
  it('failing, shows on the reply with what is at stake and what to do', async () => {
    const harness = await startHostHarness({ tools: fixtureEntry('chat-tools.mjs') }, model);
    harnesses.push(harness);
    model.script([{ toolCalls: [{ name: 'tools__greet', arguments: { name: 'Ada' } }] }, { text: 'Hi.' }]);
    const conversationId = await harness.send('greet Ada');
    await until('the call to wait for the person', () =>
      harness.events.some((event) => event.name === 'consent.requested'),
    );
    // The conversation's file becomes a folder, so every later write of it fails.
    const file = join(harness.dataDir, 'conversations', `${conversationId}.jsonl`);
    await rm(file);
    await mkdir(file);
    let turnOver = false;
    harness.host.on('chats.changed', () => {
      turnOver = true;
    });
    await harness.host.commands['chat.stop']({ id: conversationId });
    await until('the turn to end', () => turnOver);

    const last = repliesIn(harness, conversationId).at(-1);
    expect(last?.status).toBe('error');
    expect(last?.error).toMatch(/^Could not save the conversation: .+\. /);
    expect(last?.error).toContain('lost when Switchboard closes: export the conversation to keep it.');
    expect(last?.parts.some((part) => part.type === 'tool')).toBe(true);
  });

  it('says a save failure once when the reply already ended on it', () => {
    const reply: AssistantMessage = {
      id: 'r',
      role: 'assistant',
      time: 0,
      model: 'local/m',
      parts: [],
      status: 'error',
      error: 'Could not save the conversation: disk full',
    };
    expect(unsaved(reply, 'Could not save the conversation: disk full').error).toBe(
      'Could not save the conversation: disk full. This reply is lost when Switchboard closes: export the conversation to keep it.',
    );
    expect(
      unsaved({ ...reply, error: 'The model refused.' }, 'Could not save the conversation: disk full'),
    ).toMatchObject({
      status: 'error',
      error:
        'The model refused. Could not save the conversation: disk full. This reply is lost when Switchboard closes: export the conversation to keep it.',
    });
  });
});
