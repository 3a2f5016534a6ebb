// config.json edited outside the app while it runs: the app's next change never overwrites what was written.
import { readFile, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureEntry } from '../helpers';
import { startTestHost, type TestHost } from './hostHarness';

const hosts: TestHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
}, 30_000);

async function hostWith(config: unknown): Promise<TestHost> {
  const host = await startTestHost(config);
  hosts.push(host);
  return host;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const server = fixtureEntry('changing.mjs');
const names = async (t: TestHost) =>
  (await t.host.commands['servers.list']({})).map((view) => view.name).sort();
const onDisk = async (t: TestHost) => JSON.parse(await readFile(t.configPath, 'utf8'));

describe('a structured change after a valid edit made outside the app', { timeout: 30_000 }, () => {
  it('is applied on top of the new file: nothing of either is lost, and the new config is announced', async () => {
    const t = await hostWith({ mcpServers: { first: server } });
    await writeFile(t.configPath, json({ mcpServers: { first: server, outside: server }, theme: 'dark' }));

    const view = await t.host.commands['config.putServer']({ name: 'added', entry: server });
    await t.host.ready();

    const file = await onDisk(t);
    expect(Object.keys(file.mcpServers)).toEqual(['first', 'outside', 'added']);
    expect(file.theme).toBe('dark');
    expect(view.text).toContain('"outside"');
    expect(t.events('config.changed').at(-1)?.text).toContain('"outside"');
    expect(await names(t)).toEqual(['added', 'first', 'outside']);
  });

  it('keeps a model setting and an outside edit together', async () => {
    const models = {
      providers: [
        { id: 'local', type: 'openai-compatible', baseURL: 'http://127.0.0.1:9/v1', models: ['a', 'b'] },
      ],
      default: 'local/a',
    };
    const t = await hostWith({ mcpServers: {}, models });
    await writeFile(t.configPath, json({ mcpServers: { outside: server }, models }));
    await t.host.commands['models.setDefault']({ model: 'local/b' });
    await t.host.ready();
    const file = await onDisk(t);
    expect(file.models.default).toBe('local/b');
    expect(Object.keys(file.mcpServers)).toEqual(['outside']);
    expect(await names(t)).toEqual(['outside']);
  });

  it('is applied once an invalid file was fixed outside', async () => {
    const t = await hostWith('{"mcpServers": {');
    expect((await t.host.commands['config.get']({})).problem).toBeDefined();
    await writeFile(t.configPath, json({ mcpServers: { fixed: server } }));
    const view = await t.host.commands['config.removeServer']({ name: 'fixed' });
    expect(view.problem).toBeUndefined();
    expect((await onDisk(t)).mcpServers).toEqual({});
  });
});

describe('a structured change after an edit that broke the file', { timeout: 30_000 }, () => {
  it('goes around an entry broken inside, whose text is kept exactly as it was written', async () => {
    const t = await hostWith({ mcpServers: { first: server } });
    const brokenEntry = '"first": { "command": }';
    await writeFile(t.configPath, `{\n  "mcpServers": {\n    ${brokenEntry}\n  }\n}\n`);
    await t.host.commands['config.putServer']({ name: 'added', entry: server });
    await t.host.ready();
    const text = await readFile(t.configPath, 'utf8');
    expect(text).toContain(brokenEntry);
    expect(text).toContain('"added"');
    expect(await names(t)).toEqual(['added', 'first']);
  });

  it('is refused with the file named and what to do, and the broken file is left exactly as it is', async () => {
    const models = {
      providers: [
        { id: 'local', type: 'openai-compatible', baseURL: 'http://127.0.0.1:9/v1', models: ['a'] },
      ],
    };
    const t = await hostWith({ mcpServers: { first: server }, models });
    // Broken outside any entry: the file as a whole cannot be read.
    const broken = '{\n  "mcpServers": {\n    "first": {}\n  },\n  "models": [\n}\n';
    await writeFile(t.configPath, broken);

    const attempts = [
      () => t.host.commands['config.putServer']({ name: 'added', entry: server }),
      () => t.host.commands['config.removeServer']({ name: 'first' }),
      () => t.host.commands['config.setDisabled']({ name: 'first', disabled: true }),
      () => t.host.commands['models.setDefault']({ model: 'local/a' }),
    ];
    for (const [index, attempt] of attempts.entries()) {
      const error = await attempt().then(
        () => undefined,
        (caught: Error) => caught,
      );
      expect(error?.message).toContain(t.configPath);
      // The first refusal notices the outside change; the file's problem is announced from then on.
      if (index === 0) expect(error?.message).toMatch(/was changed outside Switchboard and now has an error/);
      expect(error?.message).toMatch(/line 6/i);
      expect(error?.message).toMatch(/not saved/);
      expect(error?.message).toMatch(/Edit config file/);
      expect(await readFile(t.configPath, 'utf8')).toBe(broken);
    }
    expect(t.events('config.changed').at(-1)?.problem).toMatchObject({ line: 6 });
    // The servers that ran go on running.
    expect(await names(t)).toEqual(['first']);
  });
});

describe('saving the whole file from the config editor', { timeout: 30_000 }, () => {
  it('is refused when the file changed on disk since it was opened, and works after a reload', async () => {
    const t = await hostWith({ mcpServers: {} });
    const opened = await t.host.commands['config.get']({});
    expect(opened.version).toMatch(/\S/);
    const outside = json({ mcpServers: { outside: server } });
    await writeFile(t.configPath, outside);

    const mine = json({ mcpServers: { mine: server } });
    await expect(t.host.commands['config.save']({ text: mine, version: opened.version })).rejects.toThrow(
      /changed on disk since you opened it/,
    );
    expect(await readFile(t.configPath, 'utf8')).toBe(outside);

    const reloaded = await t.host.commands['config.reload']({});
    expect(reloaded.text).toContain('"outside"');
    expect(reloaded.version).not.toBe(opened.version);
    await t.host.ready();
    expect(await names(t)).toEqual(['outside']);

    const saved = await t.host.commands['config.save']({ text: mine, version: reloaded.version });
    await t.host.ready();
    expect(saved.text).toContain('"mine"');
    expect(await names(t)).toEqual(['mine']);
    // A save names the version it was based on: an old one is refused even when the text on disk is the app's own.
    await expect(
      t.host.commands['config.save']({ text: outside, version: reloaded.version }),
    ).rejects.toThrow(/changed on disk since you opened it/);
  });
});
