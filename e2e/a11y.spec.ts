// Every main view, in the light and the dark theme: text reaches WCAG AA contrast, and row buttons name their row.
import { mkdtemp, realpath } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { lowContrast, transitionsEnded, unnamedRowButtons } from './a11yScan';
import { EVERYTHING, expect, fixture, test } from './host';
import { invoke } from './hostApi';

const providers = {
  providers: [
    { id: 'local', type: 'openai-compatible', baseURL: 'http://127.0.0.1:9/v1', models: ['m'] },
    { id: 'other', type: 'openai-compatible', baseURL: 'http://127.0.0.1:9/v1', models: ['n'] },
  ],
  default: 'local/m',
};

for (const scheme of ['light', 'dark'] as const) {
  test(`the ${scheme} theme: contrast and row buttons in every main view`, async ({ page, startHost }) => {
    test.setTimeout(90_000);
    const host = await startHost(
      {
        mcpServers: {
          everything: EVERYTHING,
          tidy: fixture('changing.mjs'),
          broken: { command: 'no-such-program-here' },
        },
        models: providers,
      },
      { env: { SWITCHBOARD_RESTART_BACKOFF_MS: '600000' } },
    );
    for (const name of ['alpha', 'beta']) {
      const folder = await realpath(await mkdtemp(join(tmpdir(), `switchboard-a11y-${name}-`)));
      await invoke(host, 'roots.add', { path: folder, name });
    }
    const first = await invoke(host, 'chat.create', {});
    await invoke(host, 'chat.rename', { id: first.id, title: 'Harbour plans' });
    await invoke(host, 'chat.create', {});
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(host.url);

    const problems: string[] = [];
    const scan = async (view: string) => {
      // Transitions (hover fades, dialogs) end before measuring; an endless pulse is measured as it is.
      await page.evaluate(transitionsEnded);
      for (const item of await page.evaluate(lowContrast)) {
        problems.push(
          `${view}: "${item.text}" ${item.color} on ${item.background} is ${item.ratio}:1 (needs ${item.needed})`,
        );
      }
      for (const name of await page.evaluate(unnamedRowButtons)) {
        problems.push(`${view}: several rows have a button named "${name}"`);
      }
    };

    await expect(page.getByRole('navigation', { name: 'Conversations' })).toContainText('Harbour plans');
    await scan('chat');
    await answerSharing(page);

    await page.getByRole('tab', { name: /^Servers/ }).click();
    const servers = page.getByRole('navigation', { name: 'Servers' });
    await expect(servers.getByRole('button', { name: 'everything' })).toContainText('running');
    await expect(servers.getByRole('button', { name: 'broken' })).toContainText('error');
    await servers.getByRole('button', { name: 'everything' }).click();
    await scan('server overview');
    for (const tab of ['Tools', 'Logs', 'Protocol', 'Roots']) {
      await page.getByRole('main').getByRole('tab', { name: tab }).click();
      await scan(`server ${tab}`);
    }
    await servers.getByRole('button', { name: 'broken' }).click();
    await page.getByRole('main').getByRole('tab', { name: 'Overview' }).click();
    await scan('failed server');

    await page.getByRole('tab', { name: 'Resources' }).first().click();
    await scan('resources');
    await page.getByRole('tab', { name: 'Roots' }).first().click();
    await scan('roots');

    await page.getByRole('button', { name: 'Settings' }).click();
    for (const tab of ['Models', 'Tool sets', 'Permissions', 'Sampling']) {
      await page.getByRole('tab', { name: tab }).click();
      await scan(`settings ${tab}`);
    }

    await page.getByRole('tab', { name: /^Servers/ }).click();
    await servers.getByRole('button', { name: 'Add server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add server' });
    for (let row = 0; row < 2; row += 1) await dialog.getByRole('button', { name: 'Add variable' }).click();
    await dialog.getByRole('textbox', { name: 'Name of variable 1' }).fill('ONE');
    await dialog.getByRole('textbox', { name: 'Name of variable 2' }).fill('TWO');
    await scan('add server form');

    expect(problems).toEqual([]);
  });
}

/** Answers a "Share these folders?" question if the servers asked one, so the views behind it can be measured. */
async function answerSharing(page: Page): Promise<void> {
  const share = page.getByRole('dialog', { name: /^Share these folders/ });
  if ((await share.count()) === 0) return;
  await share.getByRole('button', { name: /^Share/ }).click();
}
