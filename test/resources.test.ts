// Reading, watching and saving resources against real servers, on both protocol eras, and a list of 10,000.
import type { PriorDiscovery } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_STORE_LIMITS } from '../src/main/resources/previews';
import { resourceCommands, suggestedFileName } from '../src/main/resources/resourceCommands';
import { readResource, subscribe, unsubscribe } from '../src/main/servers/catalogue/resources';
import { ServerManager } from '../src/main/servers/manager';
import type { EraCache, ServerConnection } from '../src/main/servers/session/connection';
import { everythingEntry, fixtureEntry, tempPayloadStore, until } from './helpers';

const LEGACY = 'force-legacy-era';
const memory = new Map<string, PriorDiscovery>();
/** Remembers eras as the host does, except that the entry carrying LEGACY always speaks the older protocol. */
const eraCache: EraCache = {
  get: (key) => (key.includes(LEGACY) ? { kind: 'legacy' } : memory.get(key)),
  set: (key, prior) => {
    if (prior) memory.set(key, prior);
    else memory.delete(key);
  },
};

const updates: { server: string; uri: string; at: number }[] = [];
let manager: ServerManager;
let startMs = 0;

const updatesOf = (server: string, uri: string, since = 0) =>
  updates.filter((update) => update.server === server && update.uri === uri && update.at >= since);
const sent = (connection: ServerConnection, method: string) =>
  connection
    .wire()
    .filter((frame) => frame.direction === 'out' && (frame.message as { method?: string }).method === method)
    .map((frame) => (frame.message as { params?: unknown }).params);

beforeAll(async () => {
  manager = new ServerManager(
    { eraCache },
    {
      changed() {},
      removed() {},
      log() {},
      wire() {},
      resourceUpdated: (server, uri) => updates.push({ server, uri, at: performance.now() }),
    },
  );
  const started = performance.now();
  await manager.apply({
    everything: everythingEntry(),
    many: fixtureEntry('many-resources.mjs'),
    'many-legacy': fixtureEntry('many-resources.mjs', { token: LEGACY }),
    paged: fixtureEntry('paged.mjs'),
  });
  startMs = performance.now() - started;
}, 30_000);

afterAll(() => manager.shutdown(), 20_000);

describe('server-everything resources', () => {
  const doc = 'demo://resource/static/document/architecture.md';

  it('reads a listed resource as text', async () => {
    const everything = manager.get('everything');
    expect(everything.view().resources.map((resource) => resource.uri)).toContain(doc);
    const { contents } = await readResource(everything, doc);
    expect(contents).toHaveLength(1);
    expect(contents[0]).toMatchObject({ uri: doc, mimeType: 'text/markdown' });
    expect(contents[0]?.text).toContain('Architecture');
  });

  it('reads a blob from a template', async () => {
    const { contents } = await readResource(manager.get('everything'), 'demo://resource/dynamic/blob/2');
    expect(Buffer.from(contents[0]?.blob ?? '', 'base64').toString()).toContain('Resource 2');
  });

  it('says not found for an unknown URI', async () => {
    await expect(readResource(manager.get('everything'), 'demo://nothing/here')).rejects.toMatchObject({
      code: 'not_found',
      message: 'The server has no resource at demo://nothing/here.',
    });
  });

  it('reports updates while subscribed and stops after unsubscribing', { timeout: 30_000 }, async () => {
    const everything = manager.get('everything');
    const other = 'demo://resource/static/document/features.md';
    await subscribe(everything, doc);
    await subscribe(everything, doc);
    await subscribe(everything, other);
    expect(sent(everything, 'resources/subscribe')).toEqual([{ uri: doc }, { uri: other }]);

    // server-everything sends updates only after this tool: one at once, then one every 5 s.
    const subscribedAt = performance.now();
    await everything.callTool('toggle-subscriber-updates', {});
    await until('an update for the subscribed resource', () => updatesOf('everything', doc).length > 0, 7000);
    expect(performance.now() - subscribedAt).toBeLessThan(7000);

    await unsubscribe(everything, doc);
    await unsubscribe(everything, doc);
    expect(sent(everything, 'resources/unsubscribe')).toEqual([{ uri: doc }]);
    const stoppedAt = performance.now();
    await until(
      'the next update for the other resource',
      () => updatesOf('everything', other, stoppedAt).length > 0,
      7000,
    );
    expect(updatesOf('everything', doc, stoppedAt)).toEqual([]);
    await everything.callTool('toggle-subscriber-updates', {});
  });
});

describe.each([
  ['many', 'modern'],
  ['many-legacy', 'legacy'],
] as const)('%s (the %s protocol era)', (name, era) => {
  const file = (i: number) =>
    `file:///project/dir-${Math.floor(i / 1000)}/sub-${Math.floor(i / 100) % 10}/file-${i}.txt`;
  const touch = (uri: string) => manager.get(name).callTool('touch', { uri });

  it('lists all 10,000 resources across pages in reasonable time', () => {
    const view = manager.get(name).view();
    expect(view.state.kind).toBe('running');
    expect(view.era).toBe(era);
    expect(view.resources).toHaveLength(10_000);
    expect(view.resources.at(-1)).toMatchObject({ name: 'file-9999.txt', uri: file(9999) });
    expect(view.resources.find((resource) => resource.uri === 'db://main/table-207')).toBeDefined();
    expect(new Set(view.resources.map((resource) => resource.uri)).size).toBe(10_000);
    expect(startMs).toBeLessThan(10_000);
  });

  it('reads a resource deep in the list and says not found for one that is not there', async () => {
    const connection = manager.get(name);
    await expect(readResource(connection, file(9999))).resolves.toEqual({
      contents: [{ uri: file(9999), mimeType: 'text/plain', text: 'Contents of file 9999.' }],
    });
    await expect(readResource(connection, 'file:///project/missing.txt')).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('reports changes only to watched URIs, once per watch, and none after unwatching', async () => {
    const connection = manager.get(name);
    const [watched, unwatched, sentinel] = [file(1), file(2), file(3)];
    await Promise.all([subscribe(connection, watched), subscribe(connection, watched)]);
    await subscribe(connection, sentinel);
    await touch(unwatched);
    await touch(watched);
    await until('an update for the watched resource', () => updatesOf(name, watched).length > 0, 5000);
    expect(updatesOf(name, unwatched)).toEqual([]);

    await unsubscribe(connection, watched);
    const stoppedAt = performance.now();
    await touch(watched);
    await touch(sentinel);
    await until('an update for the sentinel', () => updatesOf(name, sentinel).length > 0, 5000);
    expect(updatesOf(name, watched, stoppedAt)).toEqual([]);
    await unsubscribe(connection, sentinel);

    const requests =
      era === 'modern'
        ? sent(connection, 'subscriptions/listen').filter((params) =>
            (
              params as { notifications?: { resourceSubscriptions?: string[] } }
            ).notifications?.resourceSubscriptions?.includes(watched),
          )
        : sent(connection, 'resources/subscribe').filter(
            (params) => (params as { uri: string }).uri === watched,
          );
    expect(requests).toHaveLength(1);
  });

  it('forgets its watches when the server restarts', async () => {
    const connection = manager.get(name);
    const uri = file(5);
    await subscribe(connection, uri);
    await connection.restart();
    const before = updatesOf(name, uri).length;
    // A watch made after the restart: its update, sent after the touch, shows the touch was seen.
    const sentinel = file(6);
    await subscribe(connection, sentinel);
    await touch(uri);
    await touch(sentinel);
    await until('an update for the sentinel', () => updatesOf(name, sentinel).length > 0, 5000);
    expect(updatesOf(name, uri).length).toBe(before);
    await unsubscribe(connection, sentinel);
    await subscribe(connection, uri);
    await touch(uri);
    await until('an update after watching again', () => updatesOf(name, uri).length > before, 5000);
  });
});

describe('watching where the server does not offer it', () => {
  it('says unsupported, and unwatching is harmless', async () => {
    const paged = manager.get('paged');
    await expect(subscribe(paged, 'paged://resource/01')).rejects.toMatchObject({ code: 'unsupported' });
    await expect(unsubscribe(paged, 'paged://resource/01')).resolves.toBeUndefined();
  });
});

describe('saving a resource', () => {
  it('writes the decoded blob or the text through the save seam', async () => {
    const saved: { name: string; data: Buffer }[] = [];
    const commands = resourceCommands({
      servers: manager,
      payloads: tempPayloadStore(RESOURCE_STORE_LIMITS),
      saveFile: async (name, data) => {
        saved.push({ name, data });
        return true;
      },
    });
    await expect(
      commands['resources.saveAs']({ server: 'many', uri: 'blob://store/item-13.bin', index: 0 }),
    ).resolves.toBe(true);
    await expect(
      commands['resources.saveAs']({ server: 'many', uri: 'db://main/table-7', index: 0 }),
    ).resolves.toBe(true);
    expect(saved[0]).toEqual({ name: 'item-13.bin', data: Buffer.from([0, 1, 2, 3, 254, 255, 13]) });
    expect(saved[1]?.name).toBe('table-7.json');
    expect(JSON.parse(saved[1]?.data.toString('utf8') ?? '')).toEqual({ table: 7, rows: 7 });
    await expect(
      commands['resources.saveAs']({ server: 'many', uri: 'db://main/table-7', index: 3 }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('answers false where there is no save dialog (browser mode)', async () => {
    const commands = resourceCommands({
      servers: manager,
      payloads: tempPayloadStore(RESOURCE_STORE_LIMITS),
    });
    await expect(
      commands['resources.saveAs']({ server: 'many', uri: 'db://main/table-7', index: 0 }),
    ).resolves.toBe(false);
  });

  it('suggests safe file names', () => {
    expect(suggestedFileName('file:///project/a%20b.txt', 'text/plain')).toBe('a b.txt');
    expect(suggestedFileName('demo://resource/dynamic/blob/1', 'image/png')).toBe('1.png');
    expect(suggestedFileName('db://main/', undefined)).toBe('main');
    expect(suggestedFileName('x://host/..%2F..%2Fetc%2Fpasswd')).toBe('_.._etc_passwd');
    expect(suggestedFileName('mem://')).toBe('resource');
  });
});
