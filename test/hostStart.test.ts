// Starting the host: servers start without waiting for the chat history, a history that cannot be read fails only
// the commands that read it, and what belongs to a conversation file that cannot be read is kept.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeHistory } from '../bench/lib/history';
import { Host } from '../src/main/host';
import { fixtureEntry, until } from './helpers';

const hosts: Host[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.shutdown();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function dataFolder(): Promise<{ dataDir: string; configPath: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-start-'));
  folders.push(dataDir);
  const configPath = join(dataDir, 'config.json');
  await writeFile(configPath, JSON.stringify({ mcpServers: { echo: fixtureEntry('sized.mjs') } }));
  return { dataDir, configPath };
}

async function started(options: { dataDir: string; configPath: string }): Promise<Host> {
  const host = await Host.create({ ...options, configNamed: true });
  hosts.push(host);
  return host;
}

describe('starting the host', { timeout: 30_000 }, () => {
  it('answers for its servers at once and for conversations once they have loaded', async () => {
    const folder = await dataFolder();
    await writeHistory(folder.dataDir, 300);
    const host = await started(folder);
    const answered: string[] = [];
    const chats = host.commands['chat.list']({}).then((list) => {
      answered.push('chats');
      return list;
    });
    const servers = await host.commands['servers.list']({}).then((list) => {
      answered.push('servers');
      return list;
    });
    expect(servers.map((view) => view.name)).toEqual(['echo']);
    expect(await chats).toHaveLength(300);
    // Asked first, answered second: the conversations were still loading when the servers were listed.
    expect(answered).toEqual(['servers', 'chats']);
    const hits = await host.commands['chat.search']({ query: 'lantern' });
    expect(hits.length).toBeGreaterThan(0);
    await host.ready();
    expect((await host.commands['servers.list']({}))[0]?.state.kind).toBe('running');
  });

  it('keeps its servers when the conversations cannot be read, and says why on every chat command', async () => {
    const folder = await dataFolder();
    // A file where the conversations folder belongs: the folder cannot be listed.
    await writeFile(join(folder.dataDir, 'conversations'), 'not a folder');
    const host = await started(folder);
    await expect(host.commands['chat.list']({})).rejects.toThrow(/Could not read the conversations folder/);
    await expect(host.commands['chat.create']({})).rejects.toThrow(/Could not read the conversations folder/);
    await host.ready();
    await until(
      'the server to run',
      async () => (await host.commands['servers.list']({}))[0]?.state.kind === 'running',
      10_000,
    );
    const result = await host.commands['tools.call']({
      server: 'echo',
      tool: 'echo',
      args: { text: 'still here' },
    });
    expect(JSON.stringify(result)).toContain('still here');
  });

  it('keeps the attached files of a conversation it could not read, and lets go of those of deleted ones', async () => {
    const folder = await dataFolder();
    const conversations = join(folder.dataDir, 'conversations');
    // A folder where a conversation file belongs: the file is there but cannot be read.
    await mkdir(join(conversations, 'unreadable.jsonl'), { recursive: true });
    const attachment = join(folder.dataDir, 'attachments', 'unreadable', 'file-1');
    const leftover = join(folder.dataDir, 'attachments', 'deleted', 'file-2');
    for (const file of [attachment, leftover]) {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, 'bytes');
    }
    const host = await started(folder);
    // The chat commands answer once the conversations have loaded and the leftovers were removed.
    expect(await host.commands['chat.list']({})).toEqual([]);
    expect(existsSync(attachment)).toBe(true);
    expect(existsSync(leftover)).toBe(false);
  });
});
