// When the last page closes in browser mode, requests waiting for a person settle (after a grace for reloads).
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LlmFixture, modelsConfig, startLlm } from '../../e2e/llm';
import type { ChatMessage, ConsentRequest } from '../../src/shared/chat';
import type { SamplingRequest } from '../../src/shared/requests';
import { uniqueToken } from '../helpers';
import {
  eventually,
  expectNoProcessLeft,
  HostSocket,
  Hosts,
  misbehave,
  type RunningHost,
  requireFreshBuild,
  serverState,
} from './harness';

const GRACE_MS = 1000;
const tag = uniqueToken('gone');
const hosts = new Hosts();
let llm: LlmFixture;
let host: RunningHost;
let outcomes: string;

beforeAll(async () => {
  requireFreshBuild();
  llm = await startLlm();
  outcomes = join(await mkdtemp(join(tmpdir(), 'faults-gone-')), 'outcomes.jsonl');
  host = await hosts.start(
    {
      mcpServers: {
        // It writes what its requests came to where the test reads it, outside any folder a sandbox would show it.
        asker: { ...misbehave('healthy', tag, { OUTCOME_FILE: outcomes }), sandbox: false },
        marker: misbehave('healthy', tag),
      },
      models: modelsConfig(llm),
    },
    // A crashed server is started again after the same wait as the grace period: see the reload test.
    {
      env: { SWITCHBOARD_PAGE_GRACE_MS: String(GRACE_MS), SWITCHBOARD_RESTART_BACKOFF_MS: String(GRACE_MS) },
    },
  );
  const page = await HostSocket.open(host);
  await serverState(page, 'asker', 'running');
  await serverState(page, 'marker', 'running');
  page.close();
}, 30_000);

afterAll(async () => {
  await hosts.stopAll();
  await llm?.close();
  await expectNoProcessLeft(tag);
}, 30_000);

type Outcome = { tool: string; ok: boolean; code?: number; action?: string; message?: string };

async function readOutcomes(): Promise<Outcome[]> {
  const text = await readFile(outcomes, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Outcome);
}

describe('requests waiting for a person when the page goes', { timeout: 40_000 }, () => {
  it('a reload within the grace period cancels nothing', async () => {
    const page = await HostSocket.open(host);
    void page.invoke('tools.call', { server: 'asker', tool: 'ask-sampling', args: {} }).catch(() => {});
    const request = await page.event<SamplingRequest>('sampling.changed');
    page.close();
    await page.closed;
    const reloaded = await HostSocket.open(host);
    expect((await reloaded.call('sampling.pending', {})).map((item) => item.id)).toContain(request.id);
    // The host starts a crashed server again on a timer as long as the grace period, set after the page
    // closed: once it is back, a grace timer left from the close would have fired (Node runs timers of
    // one length in the order they were set). The request is still waiting.
    const { pid } = await serverState(reloaded, 'marker', 'running');
    await reloaded.invoke('tools.call', { server: 'marker', tool: 'crash', args: {} });
    await eventually('the crashed server to be back', async () => {
      const view = (await reloaded.call('servers.list', {})).find((server) => server.name === 'marker');
      return view?.state.kind === 'running' && view.pid !== pid;
    });
    expect((await reloaded.call('sampling.pending', {})).map((item) => item.id)).toContain(request.id);
    await reloaded.call('sampling.reject', { id: request.id });
    await eventually('the rejection to reach the server', async () =>
      (await readOutcomes()).some((outcome) => outcome.tool === 'ask-sampling'),
    );
    reloaded.close();
  });

  it('closing the last page settles consent, sampling and elicitation; the conversation takes new messages', async () => {
    const before = (await readOutcomes()).length;
    await llm.script([{ toolCalls: [{ name: 'asker__echo', arguments: { text: 'waiting' } }] }]);
    const page = await HostSocket.open(host);
    const { id } = await page.call('chat.create', {});
    await page.call('chat.send', { id, text: 'Echo something.' });
    await page.event<ConsentRequest>('consent.requested');
    void page.invoke('tools.call', { server: 'asker', tool: 'ask-sampling', args: {} }).catch(() => {});
    void page.invoke('tools.call', { server: 'asker', tool: 'ask-elicitation', args: {} }).catch(() => {});
    await page.event('sampling.changed');
    await page.event('elicitation.requested');
    page.close();

    const settled = await eventually(
      'both server requests to settle with the page closed',
      async () => {
        const all = (await readOutcomes()).slice(before);
        return all.length >= 2 && all;
      },
      20_000,
    );
    const sampling = settled.find((outcome) => outcome.tool === 'ask-sampling');
    const elicitation = settled.find((outcome) => outcome.tool === 'ask-elicitation');
    expect(sampling).toMatchObject({ ok: false, code: -1 });
    expect(sampling?.message).toMatch(/closed|cancel/i);
    expect(elicitation).toMatchObject({ ok: true, action: 'cancel' });

    const reopened = await HostSocket.open(host);
    expect(await reopened.call('consent.pending', {})).toEqual([]);
    expect(await reopened.call('sampling.pending', {})).toEqual([]);
    expect(await reopened.call('elicitation.pending', {})).toEqual([]);
    const reply = await eventually('the waiting reply to stop', async () => {
      const last = (await reopened.call('chat.get', { id })).messages.at(-1);
      return last?.role === 'assistant' && last.status !== 'streaming' && last;
    });
    expect(reply.status).toBe('stopped');
    expect(reply.parts.find((part) => part.type === 'tool')).toMatchObject({ call: { status: 'cancelled' } });

    await llm.script([{ text: 'Here again.' }]);
    await reopened.call('chat.send', { id, text: 'Are you there?' });
    const answered = await reopened.event<{ message: ChatMessage }>(
      'chat.message',
      ({ message }) => message.role === 'assistant' && message.status === 'done',
    );
    expect(JSON.stringify(answered.message)).toContain('Here again.');
    reopened.close();
  });
});
