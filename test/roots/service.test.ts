// The roots service against real servers: per-server answers, list_changed only where it changed, and the confirmation.
import { mkdir, mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROOTS_CAPABILITY, RootsService } from '../../src/main/roots/service';
import { RootsStore } from '../../src/main/roots/store';
import { pathToUri } from '../../src/main/roots/uris';
import { ServerManager } from '../../src/main/servers/manager';
import type { Events } from '../../src/shared/contract';
import type { RootsConfirmation } from '../../src/shared/roots';
import type { StdioServerEntry, ToolCallResult } from '../../src/shared/types';
import { everythingEntry, fixtureEntry, until } from '../helpers';

type Emitted = { [E in keyof Events]: { event: E; payload: Events[E] } }[keyof Events];

let dir: string;
let store: RootsStore;
let service: RootsService;
let manager: ServerManager;
let emitted: Emitted[];
const folders: Record<'alpha' | 'beta' | 'gamma', string> = { alpha: '', beta: '', gamma: '' };

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'switchboard-roots-')));
  for (const name of ['alpha', 'beta', 'gamma'] as const) {
    folders[name] = join(dir, `${name} #1`);
    await mkdir(folders[name]);
  }
  emitted = [];
  // Wired as the host does: capability, handler per client, and questions settled when a server goes away.
  manager = new ServerManager(
    {
      capabilities: ROOTS_CAPABILITY,
      onClientCreated: (client, server) => service.registerRootsHandler(client, server),
      initTimeoutMs: 15_000,
    },
    {
      changed: (view) => {
        if (view.state.kind !== 'running' && view.state.kind !== 'starting') service.cancelServer(view.name);
      },
      removed: (name) => service.cancelServer(name),
      log: () => {},
      wire: () => {},
      resourceUpdated: () => {},
    },
  );
  store = new RootsStore(join(dir, 'roots.json'), {
    serverNames: () => manager.list().map((view) => view.name),
  });
  service = new RootsService({
    store,
    servers: manager,
    emit: (event, payload) => emitted.push({ event, payload } as Emitted),
  });
  await service.load();
});

afterEach(async () => {
  await manager.shutdown();
  await rm(dir, { recursive: true, force: true });
}, 20_000);

function echo(name: string, modern = false): StdioServerEntry {
  const env: Record<string, string> = { ROOTS_ECHO_LOG: join(dir, `${name}.log`) };
  if (modern) env.ROOTS_ECHO_MODERN = '1';
  return fixtureEntry('roots-echo.mjs', { env });
}

async function echoLog(name: string): Promise<string[]> {
  return readFile(join(dir, `${name}.log`), 'utf8').then(
    (text) => text.split('\n').filter(Boolean),
    () => [],
  );
}

/** How many roots/list_changed notifications went out to `server`. */
function sentListChanged(server: string): number {
  return manager
    .get(server)
    .wire()
    .filter(
      (entry) => entry.direction === 'out' && methodOf(entry.message) === 'notifications/roots/list_changed',
    ).length;
}

function methodOf(message: unknown): unknown {
  return typeof message === 'object' && message !== null && 'method' in message ? message.method : undefined;
}

async function listRoots(server: string, args: Record<string, unknown> = {}): Promise<{ uri: string }[]> {
  return JSON.parse(textOf(await manager.get(server).callTool('list-roots', args)));
}

function textOf(result: ToolCallResult): string {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

function questions(): RootsConfirmation[] {
  return emitted.flatMap((item) => (item.event === 'roots.confirmationRequested' ? [item.payload] : []));
}

function settled(): string[] {
  return emitted.flatMap((item) => (item.event === 'roots.confirmationSettled' ? [item.payload.id] : []));
}

describe('roots/list answers and roots/list_changed', { timeout: 30_000 }, () => {
  it('answers each server its own roots and notifies only the servers whose roots changed', async () => {
    const alpha = await store.add(folders.alpha);
    await store.add(folders.beta);
    await store.setServer('picky', 'subset', [alpha.uri]);
    for (const server of ['wide', 'picky', 'modern']) await store.setConfirmed(server, true);
    await manager.apply({
      wide: echo('wide'),
      picky: echo('picky'),
      modern: echo('modern', true),
      quiet: echo('quiet'),
    });
    expect(await listRoots('wide')).toEqual([
      { uri: pathToUri(folders.alpha), name: 'alpha #1' },
      { uri: pathToUri(folders.beta), name: 'beta #1' },
    ]);
    expect(await listRoots('picky')).toEqual([{ uri: alpha.uri, name: 'alpha #1' }]);
    expect(await listRoots('modern')).toHaveLength(2);
    await manager
      .get('modern')
      .withClient('era', async (client) => expect(client.getProtocolEra()).toBe('modern'));
    const counts = () => ['wide', 'picky', 'modern', 'quiet'].map(sentListChanged);

    const gamma = (await service.add(folders.gamma)).roots[2]!;
    expect(counts()).toEqual([1, 0, 0, 0]);
    await until('wide to receive list_changed', async () => (await echoLog('wide')).includes('list_changed'));
    expect(await listRoots('modern')).toHaveLength(3);

    await service.rename(alpha.uri, 'Alpha');
    expect(counts()).toEqual([2, 1, 0, 0]);
    expect(await listRoots('picky')).toEqual([{ uri: alpha.uri, name: 'Alpha' }]);

    await service.setServer('picky', 'subset', [alpha.uri, gamma.uri]);
    expect(counts()).toEqual([2, 2, 0, 0]);

    await service.setServer('wide', 'all', []);
    expect(counts()).toEqual([2, 2, 0, 0]);

    await service.remove(gamma.uri);
    expect(counts()).toEqual([3, 3, 0, 0]);
    expect(await listRoots('picky')).toEqual([{ uri: alpha.uri, name: 'Alpha' }]);
    expect(await echoLog('picky')).toContain('list_changed');
    expect(await echoLog('quiet')).toEqual([]);
    expect(questions()).toEqual([]);
  });

  it('answers an empty list without asking when a server sees no roots', async () => {
    await store.add(folders.alpha);
    await store.setServer('echo', 'subset', []);
    await manager.apply({ echo: echo('echo') });
    expect(await listRoots('echo')).toEqual([]);
    expect(questions()).toEqual([]);
  });
});

describe('the confirmation before a server first gets roots', { timeout: 30_000 }, () => {
  it('asks before server-everything gets its roots; allow with later folders answers them all, and is remembered', async () => {
    await service.add(folders.alpha);
    await manager.apply({ everything: everythingEntry() });
    const [question] = await until('the question', () => questions().length > 0 && questions());
    expect(question).toMatchObject({
      server: 'everything',
      roots: [{ path: folders.alpha, name: 'alpha #1' }],
    });
    expect(service.pending()).toEqual([question]);
    const view = await service.confirm(question!.id, true, true);
    expect(view.servers.everything).toMatchObject({ confirmed: true, mode: 'all' });
    expect(settled()).toEqual([question!.id]);
    const connection = manager.get('everything');
    const rootsText = async () => textOf(await connection.callTool('get-roots-list', {}));
    await until('the get-roots-list tool', () =>
      connection.view().tools.some((tool) => tool.name === 'get-roots-list'),
    );
    expect(await rootsText()).toContain(pathToUri(folders.alpha));

    await service.add(folders.beta);
    expect(sentListChanged('everything')).toBe(1);
    let text = '';
    await until('everything to fetch the new roots', async () => {
      text = await rootsText();
      return text.includes('(2 total)');
    });
    expect(text).toContain(pathToUri(folders.beta));
    expect(questions()).toHaveLength(1);
  });

  it('a plain allow shares the folders shown; a folder added later reaches only servers that chose so', async () => {
    const alpha = (await service.add(folders.alpha)).roots[0]!;
    await manager.apply({ only: echo('only'), later: echo('later') });
    const first = listRoots('only');
    const second = listRoots('later');
    const asked = await until('both questions', () => questions().length === 2 && questions());
    const byServer = new Map(asked.map((question) => [question.server, question.id]));
    await service.confirm(byServer.get('only')!, true);
    await service.confirm(byServer.get('later')!, true, true);
    expect(await first).toEqual([{ uri: alpha.uri, name: 'alpha #1' }]);
    expect(await second).toEqual([{ uri: alpha.uri, name: 'alpha #1' }]);
    expect(store.view().servers.only).toEqual({ mode: 'subset', uris: [alpha.uri], confirmed: true });

    await service.add(folders.beta);
    expect(sentListChanged('only')).toBe(0);
    expect(sentListChanged('later')).toBe(1);
    expect(await listRoots('only')).toEqual([{ uri: alpha.uri, name: 'alpha #1' }]);
    expect(await listRoots('later')).toHaveLength(2);
    expect(questions()).toHaveLength(2);
  });

  it('deny answers an empty list and is not asked again until that server’s sharing changes', async () => {
    await service.add(folders.alpha);
    await manager.apply({ echo: echo('echo') });
    const first = listRoots('echo');
    const [question] = await until('the question', () => questions().length > 0 && questions());
    await service.confirm(question!.id, false);
    expect(await first).toEqual([]);
    expect(store.decision('echo')).toBe('denied');
    expect(await listRoots('echo')).toEqual([]);
    expect(questions()).toHaveLength(1);

    await service.add(folders.beta);
    expect(sentListChanged('echo')).toBe(0);

    await service.setServer('echo', 'subset', [pathToUri(folders.beta)]);
    expect(sentListChanged('echo')).toBe(1);
    const again = listRoots('echo');
    const second = await until('the second question', () => questions()[1]);
    expect(second.roots.map((root) => root.path)).toEqual([folders.beta]);
    await service.confirm(second.id, true);
    expect(await again).toEqual([{ uri: pathToUri(folders.beta), name: 'beta #1' }]);
  });

  it('asks a 2026-07-28 server too, within its input_required round', async () => {
    await service.add(folders.alpha);
    await manager.apply({ modern: echo('modern', true) });
    const call = listRoots('modern');
    const question = await until('the question', () => questions()[0]);
    await service.confirm(question.id, true);
    expect(await call).toEqual([{ uri: pathToUri(folders.alpha), name: 'alpha #1' }]);
  });

  it('settles the question when its server stops; nothing is remembered', async () => {
    await service.add(folders.alpha);
    await manager.apply({ echo: echo('echo') });
    const call = listRoots('echo').catch((error: unknown) => error);
    const question = await until('the question', () => questions()[0]);
    await manager.get('echo').stop();
    expect(settled()).toEqual([question.id]);
    expect(service.pending()).toEqual([]);
    expect(await call).toBeInstanceOf(Error);
    expect(store.decision('echo')).toBe('unasked');
    await expect(service.confirm(question.id, true)).rejects.toThrow(/no longer waiting/);
  });

  it('answers an empty list when every question is cancelled (the window closed)', async () => {
    await service.add(folders.alpha);
    await manager.apply({ echo: echo('echo') });
    const call = listRoots('echo');
    const question = await until('the question', () => questions()[0]);
    service.cancelAll();
    expect(await call).toEqual([]);
    expect(settled()).toEqual([question.id]);
    expect(store.decision('echo')).toBe('unasked');
  });

  it('tells a server that gave up waiting once the person answers', async () => {
    await service.add(folders.alpha);
    await manager.apply({ echo: echo('echo') });
    const result = await manager.get('echo').callTool('list-roots', { timeoutMs: 300 });
    expect(result.isError).toBe(true);
    const question = await until('the question', () => questions()[0]);
    await service.confirm(question.id, true);
    await until('list_changed to go out', () => sentListChanged('echo') === 1);
    await until('the server to hear it', async () => (await echoLog('echo')).includes('list_changed'));
    expect(await listRoots('echo')).toEqual([{ uri: pathToUri(folders.alpha), name: 'alpha #1' }]);
    expect(questions()).toHaveLength(1);
  });
});
