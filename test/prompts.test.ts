// Prompts and completions against real servers: server-everything's prompts and a server without completions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_STORE_LIMITS } from '../src/main/resources/previews';
import { type ResourceCommands, resourceCommands } from '../src/main/resources/resourceCommands';
import { complete, getPrompt } from '../src/main/servers/catalogue/prompts';
import { ServerManager } from '../src/main/servers/manager';
import { everythingEntry, fixtureEntry, tempPayloadStore } from './helpers';

let manager: ServerManager;
let commands: ResourceCommands;

beforeAll(async () => {
  manager = new ServerManager({}, { changed() {}, removed() {}, log() {}, wire() {}, resourceUpdated() {} });
  await manager.apply({ everything: everythingEntry(), many: fixtureEntry('many-resources.mjs') });
  commands = resourceCommands({ servers: manager, payloads: tempPayloadStore(RESOURCE_STORE_LIMITS) });
}, 30_000);

afterAll(() => manager.shutdown(), 20_000);

describe('getting a prompt', () => {
  it('fills in args-prompt with the city and state', async () => {
    expect(manager.get('everything').view().state.kind).toBe('running');
    const result = await commands['prompts.get']({
      server: 'everything',
      name: 'args-prompt',
      args: { city: 'Lisbon', state: 'Estremadura' },
    });
    expect(result.messages).toHaveLength(1);
    const [message] = result.messages;
    expect(message?.role).toBe('user');
    expect(message?.content).toEqual({ type: 'text', text: "What's weather in Lisbon, Estremadura?" });
  });

  it('brings back a missing required argument as invalid input in the server’s words', async () => {
    const failed = getPrompt(manager.get('everything'), 'args-prompt', { state: 'Texas' });
    await expect(failed).rejects.toMatchObject({
      name: 'HostFault',
      code: 'invalid_input',
      message: expect.stringMatching(
        /^The server says: Invalid arguments for prompt args-prompt: .*\bcity\b/,
      ),
    });
    await expect(failed).rejects.not.toMatchObject({ message: expect.stringContaining('MCP error') });
  });

  it('brings back an unknown prompt as invalid input', async () => {
    await expect(getPrompt(manager.get('everything'), 'no-such-prompt', {})).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'The server says: Prompt no-such-prompt not found',
    });
  });

  it('passes embedded resources through as content blocks', async () => {
    const result = await getPrompt(manager.get('everything'), 'resource-prompt', {
      resourceType: 'Text',
      resourceId: '3',
    });
    const embedded = result.messages.find((message) => message.content.type === 'resource');
    expect(embedded?.content).toMatchObject({
      type: 'resource',
      resource: {
        uri: 'demo://resource/dynamic/text/3',
        mimeType: 'text/plain',
        text: expect.stringContaining('Resource 3'),
      },
    });
  });

  it('says cancelled when the caller gives up', async () => {
    const controller = new AbortController();
    const pending = getPrompt(manager.get('everything'), 'simple-prompt', {}, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
  });
});

describe('completing a prompt argument', () => {
  const ref = { type: 'ref/prompt', name: 'completable-prompt' } as const;

  it('suggests Engineering for department "E"', async () => {
    const result = await commands['completion.complete']({
      server: 'everything',
      ref,
      argument: { name: 'department', value: 'E' },
    });
    expect(result.values).toContain('Engineering');
    expect(result.values.length).toBeLessThanOrEqual(100);
  });

  it('narrows name by the department already chosen (context)', async () => {
    const result = await complete(
      manager.get('everything'),
      ref,
      { name: 'name', value: '' },
      { department: 'Sales' },
    );
    expect(result.values).toEqual(['David', 'Eve', 'Frank']);
    const none = await complete(manager.get('everything'), ref, { name: 'name', value: '' });
    expect(none.values).toEqual([]);
  });

  it('gives no suggestions where the server cannot complete', async () => {
    const unknown = await complete(
      manager.get('everything'),
      { type: 'ref/prompt', name: 'no-such-prompt' },
      { name: 'x', value: '' },
    );
    expect(unknown).toEqual({ values: [] });
    const without = await complete(
      manager.get('many'),
      { type: 'ref/resource', uri: 'file:///{path}' },
      { name: 'path', value: 'a' },
    );
    expect(without).toEqual({ values: [] });
  });

  it('cancels a request that a newer one for the same argument replaced', async () => {
    const call = (value: string) =>
      commands['completion.complete']({ server: 'everything', ref, argument: { name: 'department', value } });
    const older = call('S');
    const newer = call('Su');
    await expect(older).rejects.toMatchObject({ code: 'cancelled' });
    await expect(newer).resolves.toMatchObject({ values: ['Support'] });
  });

  it('says the server is not running when it is stopped', async () => {
    await manager.get('many').stop();
    await expect(
      commands['prompts.get']({ server: 'many', name: 'anything', args: {} }),
    ).rejects.toMatchObject({ code: 'not_running' });
    await expect(
      commands['completion.complete']({ server: 'nope', ref, argument: { name: 'department', value: '' } }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});
