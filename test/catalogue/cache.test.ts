// The catalogue cache: a second launch shows the last lists at once, lazy servers start on first use,
// a changed tool never runs under an old grant, and a 2026-07-28 server's ttlMs spares the list round trip.
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditLog } from '../../src/main/consent/audit';
import { ConsentRoom } from '../../src/main/consent/consentRoom';
import { PermissionStore } from '../../src/main/consent/policy';
import { ElicitationService } from '../../src/main/requests/elicitation';
import { CatalogueCache } from '../../src/main/servers/catalogue/catalogueCache';
import { ServerManager } from '../../src/main/servers/manager';
import { runToolCall } from '../../src/main/tools/toolCalls';
import { serverIdentity } from '../../src/main/trust/identity';
import type { ConsentRequest, ToolCallView } from '../../src/shared/chat';
import { offersCatalogue } from '../../src/shared/offered';
import type { StdioServerEntry } from '../../src/shared/types';
import { flowRoomFor } from '../flowRoomFor';
import { Connections, fixtureEntry, until } from '../helpers';

let dir: string;
const connections = new Connections();

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'switchboard-catalogue-'));
});

afterEach(async () => {
  await connections.stopAll();
  await rm(dir, { recursive: true, force: true });
});

function entry(env: Record<string, string> = {}): StdioServerEntry {
  return fixtureEntry('catalogue.mjs', {
    env: {
      DEFINITION_FILE: join(dir, 'definition.txt'),
      GATE_FILE: join(dir, 'gate'),
      CALLS_FILE: join(dir, 'calls.txt'),
      ...env,
    },
  });
}

const calls = () => (existsSync(join(dir, 'calls.txt')) ? readFileSync(join(dir, 'calls.txt'), 'utf8') : '');

/** One launch of the app: a fresh cache object over the same folder, as a new process would have. */
async function firstLaunch(server: StdioServerEntry): Promise<void> {
  const cache = new CatalogueCache(join(dir, 'catalogues'));
  const connection = connections.create('cat', server, { catalogueCache: cache });
  await connection.start();
  expect(connection.view().state.kind).toBe('running');
  await connection.stop();
  await cache.forEntry(server).flushed();
}

describe('the catalogue cache', { timeout: 30_000 }, () => {
  it('shows the last catalogue at once on the next launch, marked, until the live one arrives', async () => {
    const server = entry();
    await writeFile(join(dir, 'definition.txt'), 'First definition.');
    await writeFile(join(dir, 'gate'), '');
    await firstLaunch(server);

    await rm(join(dir, 'gate'));
    await writeFile(join(dir, 'definition.txt'), 'Second definition.');
    const connection = connections.create('cat', server, {
      catalogueCache: new CatalogueCache(join(dir, 'catalogues')),
    });
    const before = connection.view();
    expect(before.state.kind).toBe('stopped');
    expect(before.cachedAt).toBeTypeOf('number');
    expect(before.tools.map((tool) => [tool.name, tool.description])).toEqual([
      ['describe', 'First definition.'],
    ]);
    expect(before.prompts.map((prompt) => prompt.name)).toEqual(['greet']);
    expect(before.info?.name).toBe('catalogue');
    expect(before.instructions).toBe('Use describe for descriptions.');

    const started = connection.start();
    await until('starting', () => connection.view().state.kind === 'starting');
    expect(connection.view().cachedAt).toBeTypeOf('number');
    await writeFile(join(dir, 'gate'), '');
    await started;
    const after = connection.view();
    expect(after.state.kind).toBe('running');
    expect(after.cachedAt).toBeUndefined();
    expect(after.tools[0]?.description).toBe('Second definition.');
  });

  it('keys the cache by what the server is: a changed entry starts without one', async () => {
    const server = entry();
    await writeFile(join(dir, 'gate'), '');
    await firstLaunch(server);
    const cache = new CatalogueCache(join(dir, 'catalogues'));
    const other = { ...server, args: [...(server.args ?? []), '--other'] };
    expect(connections.create('cat', other, { catalogueCache: cache }).view().cachedAt).toBeUndefined();
    const renamed = connections.create('renamed', { ...server, autoStart: false }, { catalogueCache: cache });
    expect(renamed.view().tools.map((tool) => tool.name)).toEqual(['describe']);
  });

  it('leaves the saved catalogue as it is when the server answers as before, and saves a change', async () => {
    const server = entry();
    await writeFile(join(dir, 'definition.txt'), 'First definition.');
    await writeFile(join(dir, 'gate'), '');
    await firstLaunch(server);
    const [name] = await readdir(join(dir, 'catalogues'));
    const file = join(dir, 'catalogues', name as string);
    const saved = readFileSync(file, 'utf8');
    const savedAt = (JSON.parse(saved) as { savedAt: number }).savedAt;

    // The same answers again: each comes with a new stamp, and the file is not written.
    await firstLaunch(server);
    expect(readFileSync(file, 'utf8')).toBe(saved);
    const again = connections.create('cat', server, {
      catalogueCache: new CatalogueCache(join(dir, 'catalogues')),
    });
    expect(again.view().cachedAt).toBe(savedAt);

    await writeFile(join(dir, 'definition.txt'), 'Second definition.');
    await firstLaunch(server);
    const changed = JSON.parse(readFileSync(file, 'utf8')) as {
      savedAt: number;
      entries: { value: string }[];
    };
    expect(changed.savedAt).toBeGreaterThan(savedAt);
    expect(changed.entries.some((stored) => stored.value.includes('Second definition.'))).toBe(true);
  });

  it('starts a lazy server on first use: a prompt', async () => {
    const server = { ...entry(), autoStart: false };
    await writeFile(join(dir, 'gate'), '');
    const connection = connections.create('cat', server);
    expect(connection.view().state.kind).toBe('stopped');
    const prompt = await connection.withClient('Getting a prompt', (client) =>
      client.getPrompt({ name: 'greet' }),
    );
    expect(JSON.stringify(prompt.messages)).toContain('Hello from catalogue');
    expect(connection.view().state.kind).toBe('running');
  });
});

describe('a cached tool and grants', { timeout: 40_000 }, () => {
  it('starts the lazy server on the model’s call and asks again because the tool changed', async () => {
    const server = entry();
    await writeFile(join(dir, 'gate'), '');
    await writeFile(join(dir, 'definition.txt'), 'Describes things safely.');
    const permissions = new PermissionStore(join(dir, 'permissions.json'));
    await permissions.load();

    const first = new ServerManager(
      { catalogueCache: new CatalogueCache(join(dir, 'catalogues')) },
      { changed: () => {}, removed: () => {}, log: () => {}, wire: () => {}, resourceUpdated: () => {} },
    );
    await first.apply({ cat: server });
    const granted = first.get('cat').liveTool('describe');
    if (!granted) throw new Error('describe is missing');
    await permissions.grant('cat', serverIdentity(server), granted);
    await first.shutdown();
    await new CatalogueCache(join(dir, 'catalogues')).forEntry(server).flushed();

    await writeFile(join(dir, 'definition.txt'), 'Deletes things.');
    const lazy = { ...server, autoStart: false };
    const servers = new ServerManager(
      { catalogueCache: new CatalogueCache(join(dir, 'catalogues')) },
      { changed: () => {}, removed: () => {}, log: () => {}, wire: () => {}, resourceUpdated: () => {} },
    );
    await servers.apply({ cat: lazy });
    const offered = servers.get('cat').view();
    expect(offered.state.kind).toBe('stopped');
    expect(offersCatalogue(offered)).toBe(true);
    expect(offered.tools[0]?.description).toBe('Describes things safely.');

    const flow = flowRoomFor(dir, servers);
    const consent = new ConsentRoom({ permissions, servers, flow });
    const asked: ConsentRequest[] = [];
    consent.onDidRequest((request) => {
      asked.push(request);
      consent.answer({ id: request.id, decision: 'deny' });
    });
    const card: ToolCallView = {
      id: 'call-1',
      server: 'cat',
      tool: 'describe',
      name: 'cat__describe',
      args: { thing: 'the disk' },
      status: 'waiting',
    };
    try {
      const finished = await runToolCall(
        {
          servers,
          consent,
          flow,
          audit: new AuditLog(join(dir, 'audit.jsonl')),
          elicitation: new ElicitationService({ emit: () => {}, serverView: () => undefined }),
        },
        { server: 'cat', tool: 'describe' },
        card,
        { conversationId: 'c1', signal: new AbortController().signal, update: () => {} },
      );
      expect(servers.get('cat').view().state.kind).toBe('running');
      expect(asked).toHaveLength(1);
      expect(asked[0]?.tool.description).toBe('Deletes things.');
      expect(asked[0]?.changed?.before).toContain('Describes things safely.');
      expect(asked[0]?.changed?.after).toContain('Deletes things.');
      expect(finished.status).toBe('denied');
      expect(calls()).not.toContain('describe');
    } finally {
      await servers.shutdown();
    }
  });
});

describe('freshness hints of a 2026-07-28 server', { timeout: 30_000 }, () => {
  const listRequests = (connection: ReturnType<Connections['create']>) =>
    connection
      .wire()
      .filter(
        (frame) =>
          frame.direction === 'out' && (frame.message as { method?: string }).method === 'tools/list',
      ).length;

  it('serves a list still fresh by its ttlMs from the cache, without asking the server', async () => {
    const server = entry({ MODERN: '1', TTL_MS: '600000' });
    await writeFile(join(dir, 'gate'), '');
    const cache = new CatalogueCache(join(dir, 'catalogues'));
    const first = connections.create('cat', server, { catalogueCache: cache });
    await first.start();
    expect(first.view().era).toBe('modern');
    expect(listRequests(first)).toBe(1);
    await first.stop();
    await cache.forEntry(server).flushed();

    const second = connections.create('cat', server, {
      catalogueCache: new CatalogueCache(join(dir, 'catalogues')),
    });
    await second.start();
    expect(second.view().tools.map((tool) => tool.name)).toEqual(['describe']);
    expect(listRequests(second)).toBe(0);
  });

  it('asks again when the server gave no lifetime', async () => {
    const server = entry({ MODERN: '1' });
    await writeFile(join(dir, 'gate'), '');
    await firstLaunch(server);
    const second = connections.create('cat', server, {
      catalogueCache: new CatalogueCache(join(dir, 'catalogues')),
    });
    await second.start();
    expect(listRequests(second)).toBe(1);
  });
});
