// One bad entry in config.json among good ones: the good servers run, the bad one is listed with its reason, and
// Edit config file opens at its line.
import { readFile } from 'node:fs/promises';
import { expect, fixture, test } from './host';

const good = fixture('changing.mjs');

const MIXED = [
  '{',
  '  "mcpServers": {',
  `    "good": ${JSON.stringify(good)},`,
  '    "lan": { "url": "http://192.168.1.20:8080/mcp" },',
  `    "also-good": ${JSON.stringify(good)}`,
  '  }',
  '}',
  '',
].join('\n');

test('the good servers run, the bad entry shows its reason, and Edit config file opens at its line', async ({
  page,
  startHost,
}) => {
  const host = await startHost(MIXED);
  expect(host.stdout()).toContain(
    'Switchboard is ready: 2 servers running; not started, their entry in config.json has an error: lan (line 4).',
  );
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  const servers = page.getByRole('navigation', { name: 'Servers' });
  await expect(servers.getByRole('button', { name: 'good', exact: true })).toContainText('running');
  await expect(servers.getByRole('button', { name: 'also-good' })).toContainText('running');
  const lan = servers.getByRole('button', { name: 'lan' });
  await expect(lan).toContainText('error');
  await expect(lan).toHaveAccessibleDescription(/Error in config\.json: .*plain http to 192\.168\.1\.20/);
  await expect(page.getByRole('alert').filter({ hasText: 'The config file cannot be used' })).toHaveCount(0);

  await lan.click();
  const details = page.getByRole('region', { name: 'Error details' });
  await expect(details).toContainText('so this server was not started');
  await expect(details).toContainText('line 4:');
  await page.getByRole('button', { name: 'Edit config file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit config file' });
  await expect(dialog.getByLabel('Config file JSON')).toBeFocused();
  // Monaco marks the line the cursor is on in its gutter.
  await expect(dialog.locator('.line-numbers.active-line-number')).toHaveText('4');
  await expect(dialog.getByRole('alert')).toContainText('plain http to 192.168.1.20');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Its name still works: Remove takes it out of the file and leaves the rest as written.
  await page.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog', { name: 'Remove lan?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(servers.getByRole('button', { name: 'lan' })).toHaveCount(0);
  expect(await readFile(host.configPath, 'utf8')).toBe(MIXED.replace(/ {4}"lan": .*\n/, ''));
});

test('a file that is not JSON at all starts nothing, and the terminal and the banner say so', async ({
  page,
  startHost,
}) => {
  const host = await startHost('{\n  "mcpServers": {\n    "good": x\n  }\n');
  expect(host.stdout()).toMatch(
    /Switchboard is ready: config\.json cannot be used \(line 3, column 13: .*\), so no server was started\./,
  );
  await page.goto(host.url);
  const banner = page.getByRole('alert').filter({ hasText: 'The config file cannot be used' });
  await expect(banner).toContainText('No server was started from it');
  await banner.getByRole('button', { name: 'Edit config file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit config file' });
  await expect(dialog.locator('.line-numbers.active-line-number')).toHaveText('3');
});
