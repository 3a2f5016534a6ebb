// A server whose tool list changes at runtime and that logs on demand: the host follows both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConnection } from '../src/main/servers/session/connection';
import type { ServerView } from '../src/shared/types';
import { Connections, fixtureEntry, until } from './helpers';

const connections = new Connections();
let changing: ServerConnection;

beforeAll(async () => {
  changing = connections.create('changing', fixtureEntry('changing.mjs'));
  await changing.start();
}, 30_000);

afterAll(() => connections.stopAll(), 20_000);

describe('a server that changes at runtime', { timeout: 20_000 }, () => {
  it('starts with the tools it registered before connecting', () => {
    const view = changing.view();
    expect(view.state.kind, JSON.stringify(view.state)).toBe('running');
    expect(view.tools.map((tool) => tool.name).sort()).toEqual(['log', 'mutate']);
  });

  it('shows a tool added after initialize without a restart', async () => {
    const seen: ServerView[] = [];
    const unsubscribe = changing.onDidChange((view) => seen.push(view));
    const pid = changing.pid;
    await changing.callTool('mutate', {});
    await until('added-later in the tool list', () =>
      changing.view().tools.some((tool) => tool.name === 'added-later'),
    );
    unsubscribe();
    expect(seen.some((view) => view.tools.some((tool) => tool.name === 'added-later'))).toBe(true);
    expect(changing.pid).toBe(pid);
    const result = await changing.callTool('added-later', {});
    expect(result.content).toEqual([{ type: 'text', text: 'here now' }]);
  });

  it('logs a notifications/message with its level, logger and text', async () => {
    const batches: number[] = [];
    const unsubscribe = changing.onDidLog((entries) => batches.push(entries.length));
    await changing.callTool('log', { text: 'disk almost full', level: 'warning' });
    const entry = await until('the warning in the log', () =>
      changing.logs().find((log) => log.source === 'notification' && log.text === 'disk almost full'),
    );
    expect(entry).toMatchObject({ level: 'warning', logger: 'changing' });
    await until('onDidLog to report it', () => batches.length > 0);
    unsubscribe();
  });

  it('stops sending levels below the one it set', async () => {
    await changing.setLogLevel('error');
    await changing.callTool('log', { text: 'only a notice', level: 'notice' });
    await changing.callTool('log', { text: 'a real error', level: 'error' });
    await until('the error in the log', () => changing.logs().some((log) => log.text === 'a real error'));
    expect(changing.logs().some((log) => log.text === 'only a notice')).toBe(false);
  });
});
