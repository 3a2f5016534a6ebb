// Sampling requests and requests for information land in the audit log: who decided what, edits marked, no field values.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ElicitationAuditEntry, SamplingAuditEntry } from '../../src/shared/consent';
import { startTestHost, type TestHost } from '../faults/hostHarness';
import { fixtureEntry, until } from '../helpers';
import { type ScriptedModel, startModel } from '../scriptedModel';

let llm: ScriptedModel;
let base: string;
beforeAll(async () => {
  llm = await startModel();
  base = llm.url.replace(/\/v1$/, '');
});
afterAll(() => llm.close());

const hosts: TestHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close().catch(() => {})));
}, 30_000);

async function requestsHost(): Promise<TestHost> {
  const models = {
    providers: [{ id: 'local', type: 'openai-compatible', baseURL: llm.url, models: ['scripted-model'] }],
    default: 'local/scripted-model',
  };
  const t = await startTestHost({
    mcpServers: { asker: fixtureEntry('sampling-ask.mjs'), forms: fixtureEntry('elicit-all-types.mjs') },
    models,
  });
  hosts.push(t);
  return t;
}

describe('the audit log of server requests', { timeout: 60_000 }, () => {
  it('records an approved sampling request with the edits to request and response, and a rejected one', async () => {
    const t = await requestsHost();
    await fetch(`${base}/__reset`, { method: 'POST' });
    await fetch(`${base}/__script`, { method: 'POST', body: JSON.stringify([{ text: 'Paris.' }]) });

    const call = t.host.commands['tools.call']({
      server: 'asker',
      tool: 'ask',
      args: { prompt: 'Capital of France?' },
    });
    const request = await until('the sampling request', () =>
      t.events('sampling.changed').find((item) => item.stage === 'approval' && item.suggestedModel),
    );
    await t.host.commands['sampling.approve']({
      id: request.id,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Capital of France? One word.' }] }],
      systemPrompt: request.systemPrompt,
      model: 'local/scripted-model',
      maxTokens: 50,
      includeContext: false,
    });
    await until('the response to review', () =>
      t.events('sampling.changed').find((item) => item.stage === 'review'),
    );
    await t.host.commands['sampling.send']({ id: request.id, text: 'Paris, France.' });
    await call;

    const rejectedCall = t.host.commands['tools.call']({
      server: 'asker',
      tool: 'ask',
      args: { prompt: 'Nope?' },
    });
    const second = await until('the second request', () =>
      t.events('sampling.changed').find((item) => item.id !== request.id && item.stage === 'approval'),
    );
    await t.host.commands['sampling.reject']({ id: second.id });
    await rejectedCall;

    // The tool runs that asked are in the log too, as the person's own runs.
    const audit = (await t.host.commands['audit.list']({})).filter(
      (entry): entry is SamplingAuditEntry => entry.kind === 'sampling',
    );
    expect(audit).toHaveLength(2);
    expect(audit[1]).toMatchObject({
      kind: 'sampling',
      server: 'asker',
      decision: 'approved',
      outcome: 'sent',
      model: 'scripted-model',
      request: 'Capital of France? One word.',
      requestEdited: true,
      response: 'Paris, France.',
      responseEdited: true,
    });
    expect(audit[0]).toMatchObject({
      kind: 'sampling',
      decision: 'rejected',
      outcome: 'rejected',
      request: 'Nope?',
      requestEdited: false,
      responseEdited: false,
    });
    expect(audit[0]).not.toHaveProperty('response');
  });

  it('records a form answered with its field names only, and a declined one', async () => {
    const t = await requestsHost();
    const first = t.host.commands['tools.call']({ server: 'forms', tool: 'profile', args: {} });
    const request = await until('the form', () => t.events('elicitation.requested')[0]);
    await t.host.commands['elicitation.answer']({
      id: request.id,
      action: 'accept',
      content: { name: 'Ada Lovelace', email: 'ada@example.com', age: 36 },
    });
    await first;
    const second = t.host.commands['tools.call']({ server: 'forms', tool: 'profile', args: {} });
    const again = await until('the second form', () => t.events('elicitation.requested')[1]);
    await t.host.commands['elicitation.answer']({ id: again.id, action: 'decline' });
    await second;

    const audit = (await t.host.commands['audit.list']({})).filter(
      (entry): entry is ElicitationAuditEntry => entry.kind === 'elicitation',
    );
    expect(audit[1]).toMatchObject({
      kind: 'elicitation',
      server: 'forms',
      mode: 'form',
      message: 'Tell us about yourself.',
      decision: 'accept',
      outcome: 'answered',
    });
    expect(audit[1]?.fields).toEqual(expect.arrayContaining(['name', 'email', 'age']));
    expect(JSON.stringify(audit)).not.toContain('Ada Lovelace');
    expect(JSON.stringify(audit)).not.toContain('ada@example.com');
    expect(audit[0]).toMatchObject({ kind: 'elicitation', decision: 'decline', outcome: 'answered' });
    expect(audit[0]).not.toHaveProperty('fields');
  });
});
