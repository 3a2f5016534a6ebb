// An organisation's policy (--policy): a denied server never starts and says so; a policy that cannot be read blocks every server.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, fixture, test } from './host';
import { invoke } from './hostApi';

async function policyFile(text: string): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'switchboard-policy-')), 'policy.json');
  await writeFile(path, text);
  return path;
}

const CONFIG = { mcpServers: { chat: fixture('chat-tools.mjs'), post: fixture('flow-post.mjs') } };

async function openServer(page: Page, name: string) {
  await page.getByRole('tab', { name: 'Servers' }).click();
  await page
    .getByRole('navigation', { name: 'Servers' })
    .getByRole('button', { name: new RegExp(name) })
    .click();
}

test('a server the policy denies never starts, and its page says who blocked it and why', async ({
  page,
  startHost,
}) => {
  const path = await policyFile(JSON.stringify({ version: 1, servers: { deny: [{ name: 'post' }] } }));
  const host = await startHost(CONFIG, { args: ['--policy', path] });
  const servers = await invoke(host, 'servers.list', {});
  expect(servers.find((view) => view.name === 'chat')?.state.kind).toBe('running');
  const post = servers.find((view) => view.name === 'post');
  expect(post).toMatchObject({ state: { kind: 'stopped' }, approval: 'blocked' });
  expect(post?.pid).toBeUndefined();
  await expect(invoke(host, 'servers.start', { server: 'post' })).rejects.toThrow(
    `"post" is blocked by your organisation's policy, so it was not started.`,
  );
  expect((await invoke(host, 'servers.list', {})).find((view) => view.name === 'post')?.state.kind).toBe(
    'stopped',
  );

  await page.goto(host.url);
  await openServer(page, 'post');
  const notice = page.getByRole('status').filter({ hasText: 'Blocked by your organisation' });
  await expect(notice).toContainText("Blocked by your organisation's policy.");
  await expect(notice).toContainText(`Why: ${path} denies servers matching name "post".`);
});

test('a policy that cannot be read blocks every server, and Settings says why', async ({
  page,
  startHost,
}) => {
  const path = await policyFile('{ "version": 1, "servers": { "deny": [ ');
  const host = await startHost(CONFIG, { args: ['--policy', path] });
  const servers = await invoke(host, 'servers.list', {});
  expect(servers.map((view) => [view.name, view.state.kind, view.approval])).toEqual([
    ['chat', 'stopped', 'blocked'],
    ['post', 'stopped', 'blocked'],
  ]);
  expect(host.stderr()).toContain(`${path} is not valid JSON`);

  await page.goto(host.url);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Permissions' }).click();
  await expect(page.getByRole('list', { name: 'Organisation policy' })).toContainText(
    'Everything it could have blocked is blocked until it is fixed.',
  );
});
