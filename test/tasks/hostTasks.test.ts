// Tasks in a conversation: the card follows the task to its result, Cancel cancels it, the Tasks list knows it,
// and a task left running when the app quits is followed again on the next launch.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TaskEntry, ToolCallView } from '../../src/shared/chat';
import { fixtureEntry, until } from '../helpers';
import { type HostHarness, type ScriptedModel, startHostHarness, startModel } from '../hostHarness';

let model: ScriptedModel;
const harnesses: HostHarness[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  model = await startModel();
});
afterAll(() => model.close());
afterEach(async () => {
  for (const harness of harnesses.splice(0).reverse()) await harness.dispose();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function launch(env: Record<string, string>, dataDir?: string): Promise<HostHarness> {
  const harness = await startHostHarness(
    { tasks: fixtureEntry('tasks.mjs', { env: { POLL_MS: '100', ...env } }) },
    model,
    { allowTools: true, dataDir },
  );
  harnesses.push(harness);
  return harness;
}

async function card(harness: HostHarness, conversationId: string): Promise<ToolCallView | undefined> {
  const reply = await harness.lastReply(conversationId);
  const part = reply?.parts.find((item) => item.type === 'tool');
  return part?.type === 'tool' ? part.call : undefined;
}

const tasksListed = (harness: HostHarness) =>
  harness.events
    .filter((event) => event.name === 'tasks.changed')
    .map((event) => event.payload as TaskEntry[]);

describe('tasks in a conversation', { timeout: 60_000 }, () => {
  it('follows the task on its card to the result, and lists it with its conversation', async () => {
    const harness = await launch({ TASK_MS: '1500' });
    model.script([
      { toolCalls: [{ name: 'tasks__long-task', arguments: { label: 'report' } }] },
      { text: 'All done.' },
    ]);
    const { conversationId, reply } = await harness.chat('run the report');
    const call = reply.parts.find((part) => part.type === 'tool');
    expect(call?.type === 'tool' && call.call).toMatchObject({
      status: 'done',
      task: { status: 'completed' },
      result: { content: [{ type: 'text', text: 'report finished' }] },
    });
    const steps = tasksListed(harness)
      .flat()
      .map((entry) => entry.statusMessage);
    expect(steps.some((message) => /^Step \d+ of 10$/.test(message ?? ''))).toBe(true);
    const [entry] = await harness.host.commands['tasks.list']({});
    expect(entry).toMatchObject({ server: 'tasks', tool: 'long-task', status: 'completed', conversationId });
    expect(entry?.conversationTitle).toBe('run the report');
  });

  it('cancels a task from the Tasks list; the card says cancelled', async () => {
    const harness = await launch({ TASK_MS: '30000' });
    model.script([{ toolCalls: [{ name: 'tasks__long-task', arguments: {} }] }, { text: 'Stopped it.' }]);
    const conversationId = await harness.send('start it');
    const started = await until('the task in the list', () => tasksListed(harness).at(-1)?.[0]);
    await harness.host.commands['tasks.cancel']({ server: 'tasks', taskId: started.id });
    const cancelled = await until(
      'the card to say cancelled',
      async () => (await card(harness, conversationId))?.status === 'cancelled',
    );
    expect(cancelled).toBe(true);
  });

  it('follows a task again after the app was closed and opened', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-host-tasks-'));
    dirs.push(dataDir);
    // In the server's own home, which its sandbox keeps between runs.
    const env = { TASK_MS: '4000', TASK_STATE_FILE: '~/server-tasks.json' };
    const first = await launch(env, dataDir);
    model.script([
      { toolCalls: [{ name: 'tasks__long-task', arguments: { label: 'durable' } }] },
      { text: 'ok' },
    ]);
    const conversationId = await first.send('start the durable one');
    await until('the task to start', () => tasksListed(first).at(-1)?.[0]);
    await first.stop();

    const second = await launch(env, dataDir);
    const listed = await second.host.commands['tasks.list']({});
    expect(listed[0]).toMatchObject({ tool: 'long-task', conversationId });
    const done = await until(
      'the saved task to complete',
      async () => {
        const call = await card(second, conversationId);
        return call?.status === 'done' ? call : undefined;
      },
      20_000,
    );
    expect(done.result?.content).toEqual([{ type: 'text', text: 'durable finished' }]);
    expect(done.task?.status).toBe('completed');
  });
});
