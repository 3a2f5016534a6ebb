// Bringing servers in safely: import from Claude Desktop, and an outside edit of config.json, each held until approved.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, fixture, test } from './host';

const ECHO = resolve('test/fixtures/argv-echo.mjs');

test('a server imported from Claude Desktop shows its full command and runs only once approved', async ({
  page,
  startHost,
}) => {
  const home = await mkdtemp(join(tmpdir(), 'switchboard-e2e-home-'));
  const claude = join(home, '.config', 'Claude');
  await mkdir(claude, { recursive: true });
  await writeFile(
    join(claude, 'claude_desktop_config.json'),
    JSON.stringify({
      mcpServers: { echo: { command: process.execPath, args: [ECHO, '; rm -rf ~', '$(whoami)'] } },
    }),
  );
  const host = await startHost(
    { mcpServers: {} },
    { env: { HOME: home, XDG_CONFIG_HOME: join(home, '.config') } },
  );
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  await page.getByRole('button', { name: 'Import servers…' }).click();

  const importer = page.getByRole('dialog', { name: 'Import servers' });
  const found = importer
    .getByRole('list', { name: 'Servers found' })
    .getByRole('listitem')
    .filter({ hasText: 'echo' });
  await expect(found).toContainText('Claude Desktop — ~/.config/Claude/claude_desktop_config.json');
  await expect(found.getByRole('checkbox', { name: 'Import echo from Claude Desktop' })).toBeChecked();
  await importer.getByRole('button', { name: 'Import 1 server' }).click();
  await expect(importer).toHaveCount(0);

  const approval = page.getByRole('dialog', { name: 'Run echo?' });
  await expect(approval).toContainText(
    'Came from: Claude Desktop — ~/.config/Claude/claude_desktop_config.json',
  );
  const argv = approval.getByRole('figure', { name: 'Command line' });
  await expect(argv).toContainText(JSON.stringify(process.execPath));
  await expect(argv).toContainText('"; rm -rf ~"');
  await expect(argv).toContainText('"$(whoami)"');
  const entry = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: 'echo' });
  await expect(entry).toContainText('Waiting for approval');
  await expect(entry).toContainText('stopped');

  await approval.getByRole('button', { name: 'Approve and start' }).click();
  await expect(approval).toHaveCount(0);
  await expect(entry).toContainText('running');
});

test('an outside edit of a server’s args does not restart it until approved, and the dialog shows the change', async ({
  page,
  startHost,
}) => {
  const host = await startHost({ mcpServers: { echo: fixture('argv-echo.mjs') } });
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  const entry = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: 'echo' });
  await expect(entry).toContainText('running');

  await writeFile(
    host.configPath,
    JSON.stringify({ mcpServers: { echo: { ...fixture('argv-echo.mjs'), args: [ECHO, '--changed'] } } }),
  );
  const approval = page.getByRole('dialog', { name: 'Run echo?' });
  await expect(approval).toContainText('changed since you approved it');
  await expect(approval).toContainText('Came from: config.json changed by another program');
  const diff = approval.getByRole('figure', { name: 'What the server runs, as approved and now' });
  await expect(diff).toContainText('arg 2: "--changed"');
  await expect(entry).toContainText('stopped');
  await expect(entry).toContainText('Waiting for approval');

  await approval.getByRole('button', { name: 'Deny' }).click();
  await expect(approval).toHaveCount(0);
  await expect(entry).toContainText('Not approved');
  await entry.click();
  await page.getByRole('button', { name: 'Review again' }).click();
  await approval.getByRole('button', { name: 'Approve and start' }).click();
  await expect(entry).toContainText('running');
});
