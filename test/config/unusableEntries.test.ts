// One bad entry in config.json stops only itself: the others run, it is listed with its reason and can be fixed or removed.
import { readFile, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { readyLine } from '../../src/main/readyLine';
import type { ServerView } from '../../src/shared/types';
import { startTestHost, type TestHost } from '../faults/hostHarness';
import { fixtureEntry, until } from '../helpers';

const hosts: TestHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
}, 30_000);

const echo = fixtureEntry('argv-echo.mjs');
const entryText = JSON.stringify(echo);

/** config.json as a person might write it: a good server, a LAN address over plain http, a trailing comma. */
const MIXED = [
  '{',
  '  "mcpServers": {',
  `    "good": ${entryText},`,
  '    "lan": { "url": "http://192.168.1.20:8080/mcp" },',
  `    "broken": { "command": ${JSON.stringify(echo.command)}, "args": ["x",] }`,
  '  }',
  '}',
  '',
].join('\n');

async function start(text: string): Promise<TestHost> {
  const t = await startTestHost(text);
  hosts.push(t);
  return t;
}

const byName = (views: ServerView[]) => Object.fromEntries(views.map((view) => [view.name, view]));

describe('a config.json with bad entries among good ones', { timeout: 30_000 }, () => {
  it('runs the good server and lists each bad one with its reason and line', async () => {
    const t = await start(MIXED);
    const views = byName(await t.host.commands['servers.list']({}));
    expect(views.good?.state.kind).toBe('running');
    expect(views.lan).toMatchObject({
      state: { kind: 'error' },
      configProblem: { line: 4, field: 'mcpServers.lan.url', message: /plain http to 192\.168\.1\.20/ },
    });
    expect(views.broken?.configProblem).toMatchObject({ line: 5, message: /comma after the last item/ });
    expect((await t.host.commands['config.get']({})).problem).toBeUndefined();
    expect(await t.host.commands['approvals.list']({})).toEqual([]);
    expect(readyLine(t.host.serverViews(), t.host.configProblem)).toBe(
      'Switchboard is ready: 1 server running; not started, their entry in config.json has an error: lan (line 4), broken (line 5).',
    );
  });

  it('removes a bad entry from the file, leaving the rest of the text as it was', async () => {
    const t = await start(MIXED);
    await t.host.commands['config.removeServer']({ name: 'lan' });
    expect(await readFile(t.configPath, 'utf8')).toBe(MIXED.replace(/ {4}"lan": .*\n/, ''));
    expect((await t.host.commands['servers.list']({})).map((view) => view.name).sort()).toEqual([
      'broken',
      'good',
    ]);
  });

  it('starts a bad entry once it is replaced by a good one under the same name', async () => {
    const t = await start(MIXED);
    await t.host.commands['config.putServer']({ name: 'lan', previousName: 'lan', entry: echo });
    await until('lan runs', async () => {
      const views = byName(await t.host.commands['servers.list']({}));
      return views.lan?.state.kind === 'running' && !views.lan.configProblem;
    });
  });

  it('refuses to disable a bad entry, saying to fix it first', async () => {
    const t = await start(MIXED);
    await expect(t.host.commands['config.setDisabled']({ name: 'lan', disabled: true })).rejects.toThrow(
      /"lan" in config\.json has an error \(line 4\).*Fix it first/,
    );
  });

  it('keeps the approval of a server whose entry is broken for a while outside the app', async () => {
    const good = `{\n  "mcpServers": {\n    "good": ${entryText}\n  }\n}\n`;
    const t = await start(good);
    await writeFile(t.configPath, good.replace('"args"', '"args": 5, "x"'));
    await until('good is listed with its error', async () =>
      byName(await t.host.commands['servers.list']({})).good?.configProblem ? true : undefined,
    );
    await writeFile(t.configPath, good);
    await until('good runs again without asking', async () => {
      const view = byName(await t.host.commands['servers.list']({})).good;
      return view?.state.kind === 'running' && !view.configProblem && !view.approval;
    });
    expect(await t.host.commands['approvals.list']({})).toEqual([]);
  });

  it('keeps running the last good servers when the file stops being JSON at all', async () => {
    const t = await start(`{\n  "mcpServers": {\n    "good": ${entryText}\n  }\n}\n`);
    await writeFile(t.configPath, 'not json at all');
    await until('the problem is seen', async () => (await t.host.commands['config.get']({})).problem);
    expect(byName(await t.host.commands['servers.list']({})).good?.state.kind).toBe('running');
    expect(readyLine([], t.host.configProblem)).toMatch(
      /^Switchboard is ready: config\.json cannot be used \(line 1, column 1: .*\), so no server was started\./,
    );
  });
});
