// Tasks (io.modelcontextprotocol/tasks) against a real 2026-07-28 server: status as it goes, cancel, input the
// task asks for, and following a saved task after the server process was restarted.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskInput } from '../../src/main/servers/session/serverTasks';
import type { TaskView } from '../../src/shared/chat';
import { Connections, fixtureEntry, until } from '../helpers';

const connections = new Connections();
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'switchboard-tasks-'));
});
afterAll(async () => {
  await connections.stopAll();
  await rm(dir, { recursive: true, force: true });
});

function tasksServer(
  name: string,
  env: Record<string, string>,
  taskInput?: (request: TaskInput) => Promise<unknown>,
) {
  return connections.create(
    name,
    fixtureEntry('tasks.mjs', { env: { TASK_MS: '1500', POLL_MS: '100', ...env } }),
    {
      taskInput: taskInput ? (_server, request) => taskInput(request) : undefined,
    },
  );
}

const text = (result: { content: { type: string; text?: string }[] }) => result.content[0]?.text;

describe('tool calls as tasks', { timeout: 30_000 }, () => {
  it('reports the task as it goes and returns its result when it completes', async () => {
    const server = tasksServer('t1', {});
    await server.start();
    expect(server.view().era).toBe('modern');
    const seen: TaskView[] = [];
    const result = await server.callTool(
      'long-task',
      { label: 'report' },
      { onTask: (task) => seen.push(task) },
    );
    expect(text(result)).toBe('report finished');
    expect(seen[0]).toMatchObject({
      status: 'working',
      id: expect.any(String),
      reference: expect.anything(),
    });
    expect(seen.some((task) => /^Step \d+ of 10$/.test(task.statusMessage ?? ''))).toBe(true);
    expect(seen.at(-1)).toMatchObject({ status: 'completed' });
    expect(seen.find((task) => task.pollIntervalMs !== undefined)?.pollIntervalMs).toBe(100);
  });

  it('answers a tool that does not become a task at once', async () => {
    const server = tasksServer('t2', {});
    await server.start();
    const seen: TaskView[] = [];
    expect(text(await server.callTool('quick', {}, { onTask: (task) => seen.push(task) }))).toBe(
      'quick answer',
    );
    expect(seen).toEqual([]);
  });

  it('cancels a task', async () => {
    const server = tasksServer('t3', { TASK_MS: '20000' });
    await server.start();
    const seen: TaskView[] = [];
    const call = server.callTool('long-task', {}, { onTask: (task) => seen.push(task) });
    const first = await until('the task', () => seen[0]);
    await server.cancelTask(first.id);
    await expect(call).rejects.toMatchObject({ code: 'cancelled' });
    expect(seen.at(-1)?.status).toBe('cancelled');
  });

  it('routes a task’s request for input to the person, then goes on', async () => {
    const asked: TaskInput[] = [];
    const server = tasksServer('t4', {}, async (request) => {
      asked.push(request);
      return { action: 'accept', content: { go: true } };
    });
    await server.start();
    const seen: TaskView[] = [];
    const result = await server.callTool(
      'long-task',
      { label: 'careful', needsInput: true },
      { onTask: (task) => seen.push(task) },
    );
    expect(text(result)).toBe('careful finished');
    expect(asked).toEqual([
      { kind: 'elicitation', params: expect.objectContaining({ message: 'Continue “careful”?' }) },
    ]);
    expect(seen.some((task) => task.status === 'input_required')).toBe(true);
  });

  it('follows a saved task after its server process restarted', async () => {
    const state = join(dir, 'tasks.json');
    const first = tasksServer('t5', { TASK_STATE_FILE: state, TASK_MS: '3000' });
    await first.start();
    const seen: TaskView[] = [];
    const call = first.callTool('long-task', { label: 'durable' }, { onTask: (task) => seen.push(task) });
    const started = await until('the task', () => seen[0]);
    const ended = expect(call).rejects.toThrow();
    await first.stop();
    await ended;

    const again = tasksServer('t5', { TASK_STATE_FILE: state, TASK_MS: '3000' });
    await again.start();
    const resumed: TaskView[] = [];
    const result = await again.resumeTask('long-task', started.reference ?? null, {
      onTask: (task) => resumed.push(task),
    });
    expect(text(result)).toBe('durable finished');
    expect(resumed.at(-1)).toMatchObject({ id: started.id, status: 'completed' });
  });
});
