// Tools on demand through a whole host: 100 tools of 4 servers, the model searches, calls what it found with consent, and keeps it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AssistantMessage, ConsentRequest } from '../../src/shared/chat';
import { domainServer, until } from '../helpers';
import { type HostHarness, type ScriptedModel, startHostHarness, startModel } from '../hostHarness';
import { toolNamesOf } from '../scriptedModel';

const SEARCH = 'switchboard__search_tools';

describe('tools on demand', { timeout: 60_000 }, () => {
  let model: ScriptedModel;
  let harness: HostHarness;

  beforeAll(async () => {
    model = await startModel();
  });
  afterAll(() => model.close());
  afterEach(() => harness?.dispose());

  it('offers search alone, then the found tool, whose call asks the person like any other', async () => {
    harness = await startHostHarness(
      {
        github: domainServer('github'),
        slack: domainServer('slack'),
        stripe: domainServer('stripe'),
        jira: domainServer('jira'),
      },
      model,
      { allowTools: true },
    );
    model.script([
      { toolCalls: [{ name: SEARCH, arguments: { query: 'create issue' } }] },
      { toolCalls: [{ name: 'github__create_issue', arguments: { name: 'Bug' } }] },
      { echoToolResults: true, prefix: 'Done: ' },
    ]);
    const { conversationId, reply } = await harness.chat('File a bug');
    expect(reply.status).toBe('done');
    const requests = await model.requests();
    expect(toolNamesOf(requests[0])).toEqual([SEARCH]);
    const second = toolNamesOf(requests[1]);
    expect(second).toContain('github__create_issue');
    expect(second.length).toBeLessThanOrEqual(11);
    expect(second.at(-1)).toBe(SEARCH);

    const [search, call] = reply.parts.flatMap((part) => (part.type === 'tool' ? [part.call] : []));
    expect(search).toMatchObject({ host: true, server: '', tool: 'search_tools', status: 'done' });
    expect(call).toMatchObject({ server: 'github', tool: 'create_issue', decision: 'once', status: 'done' });
    const asked = harness.events
      .filter((event) => event.name === 'consent.requested')
      .map((event) => event.payload as ConsentRequest);
    expect(asked.map((request) => `${request.server}/${request.tool.name}`)).toEqual(['github/create_issue']);
    expect(reply.parts.at(-1)).toEqual({
      type: 'text',
      text: 'Done: github ran create_issue with {"name":"Bug"}',
    });

    // The next turn still offers what this conversation used and found.
    model.script([{ text: 'ok' }]);
    await harness.host.commands['chat.send']({ id: conversationId, text: 'Again?' });
    await until('the second reply', async () => {
      const last = (await harness.lastReply(conversationId)) as AssistantMessage | undefined;
      return last?.status === 'done' && last.parts.some((part) => part.type === 'text' && part.text === 'ok');
    });
    const third = toolNamesOf((await model.requests()).at(-1));
    expect(third[0]).toBe('github__create_issue');
    expect(third).toContain(SEARCH);
  });

  it('sends every tool, and no search, while a conversation has 40 tools or fewer', async () => {
    harness = await startHostHarness({ github: domainServer('github') }, model);
    model.script([{ text: 'ok' }]);
    await harness.chat('hello');
    const names = toolNamesOf((await model.requests()).at(-1));
    expect(names).toHaveLength(25);
    expect(names).not.toContain(SEARCH);
  });
});
