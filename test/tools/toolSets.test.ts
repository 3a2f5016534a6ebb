// Tool sets in config.json: saved by the host, checked, and the default one chosen for every new conversation.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { domainServer } from '../helpers';
import { type HostHarness, type ScriptedModel, startHostHarness, startModel } from '../hostHarness';
import { toolNamesOf } from '../scriptedModel';

describe('tool sets', { timeout: 60_000 }, () => {
  let model: ScriptedModel;
  let harness: HostHarness;

  beforeAll(async () => {
    model = await startModel();
  });
  afterAll(() => model.close());
  afterEach(() => harness?.dispose());

  it('are kept in config.json, and new conversations get the default set’s tools only', async () => {
    harness = await startHostHarness({ github: domainServer('github'), slack: domainServer('slack') }, model);
    const { commands } = harness.host;
    const saved = await commands['toolSets.save']({
      sets: [
        {
          name: 'Code review',
          servers: ['github'],
          pinned: [{ server: 'github', tool: 'get_pull_request' }],
        },
        { name: 'Chat', servers: ['slack'], default: true },
      ],
    });
    expect(saved.map((set) => set.name)).toEqual(['Code review', 'Chat']);
    const file = JSON.parse(await readFile(join(harness.dataDir, 'config.json'), 'utf8'));
    expect(file.toolSets[1]).toEqual({ name: 'Chat', servers: ['slack'], default: true });
    expect(Object.keys(file.mcpServers)).toEqual(['github', 'slack']);

    model.script([{ text: 'ok' }]);
    const { conversationId } = await harness.chat('hello');
    const conversation = await commands['chat.get']({ id: conversationId });
    expect(conversation.tools).toMatchObject({ set: 'Chat', servers: ['slack'] });
    const names = toolNamesOf((await model.requests()).at(-1));
    expect(names).toHaveLength(25);
    expect(names.every((name) => name.startsWith('slack__'))).toBe(true);
  });

  it('refuses two defaults or two sets of one name, and leaves config.json as it was', async () => {
    harness = await startHostHarness({ github: domainServer('github') }, model);
    const { commands } = harness.host;
    const before = await readFile(join(harness.dataDir, 'config.json'), 'utf8');
    await expect(
      commands['toolSets.save']({
        sets: [
          { name: 'A', default: true },
          { name: 'B', default: true },
        ],
      }),
    ).rejects.toThrow('Only one tool set can be the default');
    await expect(commands['toolSets.save']({ sets: [{ name: 'A' }, { name: 'A' }] })).rejects.toThrow(
      'Each tool set needs its own name',
    );
    // By id too, so the page says it in the person's language.
    const fault = await commands['toolSets.save']({ sets: [{ name: 'A' }, { name: 'A' }] }).catch(
      (error) => error,
    );
    expect(fault.text).toMatchObject({ id: expect.stringMatching(/^host\.schema\./) });
    expect(await readFile(join(harness.dataDir, 'config.json'), 'utf8')).toBe(before);
    expect(await commands['toolSets.get']({})).toEqual([]);
  });
});
