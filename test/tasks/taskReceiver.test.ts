// 2025-11-25 tasks with server-everything: its elicitation sent as a task shows the same form, and its task tool
// runs as a task the host follows.
import { afterAll, describe, expect, it } from 'vitest';
import { REQUEST_CAPABILITIES } from '../../src/main/requests/capabilities';
import { ElicitationService } from '../../src/main/requests/elicitation';
import { registerRequestHandlers } from '../../src/main/requests/requestHandlers';
import { SamplingService } from '../../src/main/requests/sampling';
import { receiveTaskRequests } from '../../src/main/requests/taskReceiver';
import type { ModelSettings } from '../../src/main/settings/models';
import { Connections, everythingEntry, until } from '../helpers';

const connections = new Connections();
afterAll(() => connections.stopAll());

describe('requests a server sends as tasks', { timeout: 40_000 }, () => {
  it('shows the form of an elicitation task and the server gets the answer when it polls', async () => {
    const elicitation = new ElicitationService({ emit: () => {}, serverView: () => undefined });
    const sampling = new SamplingService({
      emit: () => {},
      models: {
        view: async () => ({ providers: [] }),
        defaultModel: () => undefined,
      } as unknown as ModelSettings,
      serverView: () => undefined,
    });
    const everything = connections.create('everything', everythingEntry(), {
      capabilities: REQUEST_CAPABILITIES,
      onClientCreated: (client, server) => {
        registerRequestHandlers(client, server, { sampling, elicitation });
        receiveTaskRequests(client, server, { sampling, elicitation });
      },
    });
    await everything.start();
    await until('the async variant', () =>
      everything.view().tools.some((tool) => tool.name === 'trigger-elicitation-request-async'),
    );
    const call = everything.callTool('trigger-elicitation-request-async', {}, { timeoutMs: 30_000 });
    const form = await until('the form', () => elicitation.pending()[0]);
    expect(form).toMatchObject({ mode: 'form', message: expect.stringContaining('async task demo') });
    await elicitation.answer(form.id, 'accept', { name: 'Ada', favoriteColor: 'Blue' });
    const result = await call;
    const text = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
    expect(text).toContain('[COMPLETED]');
    expect(text).toContain('Name: Ada');
  });

  it('runs a 2025-11-25 task tool (simulate-research-query) as a task, following its stages', async () => {
    const everything = connections.create('research', everythingEntry());
    await everything.start();
    const stages: string[] = [];
    const result = await everything.callTool(
      'simulate-research-query',
      { topic: 'tides' },
      { timeoutMs: 30_000, onTask: (task) => stages.push(`${task.status}: ${task.statusMessage ?? ''}`) },
    );
    expect(result.content[0]?.type === 'text' && result.content[0].text).toContain('Research Report: tides');
    expect(stages.some((stage) => stage.startsWith('working: '))).toBe(true);
    expect(stages.at(-1)).toMatch(/^completed/);
  });
});
