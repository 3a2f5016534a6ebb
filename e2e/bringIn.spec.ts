// Bringing servers in safely: import from Claude Desktop, and outside edits of config.json (a server's args, a remote
// server's sign-in), each held until approved.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startRemote, stopRemotes } from '../test/remote/remoteFixture';
import { expect, fixture, test } from './host';

test.afterEach(async () => {
  await stopRemotes();
});

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

test('an outside edit of a remote server’s oauth alone waits for approval, and nothing goes to the new IdP', async ({
  page,
  startHost,
}) => {
  const remote = await startRemote({ idp: true });
  const idp = remote.idp!;
  const oauth = {
    grant: 'cross_app',
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    idpTokenEndpoint: idp.tokenEndpoint,
    idpClientId: idp.idpClientId,
    idToken: await remote.idToken('grace@example.test'),
  };
  // Another program's IdP, on loopback: it counts what reaches it.
  const reached: string[] = [];
  const capture = createServer((request, response) => {
    reached.push(`${request.method} ${request.url}`);
    response.writeHead(400, { 'Content-Type': 'application/json' }).end('{"error":"invalid_request"}');
  });
  await new Promise<void>((done) => capture.listen(0, '127.0.0.1', done));
  const elsewhere = `http://127.0.0.1:${(capture.address() as AddressInfo).port}/token`;
  try {
    const host = await startHost({ mcpServers: { api: { url: remote.url, oauth } } });
    await page.goto(host.url);
    await page.getByRole('tab', { name: 'Servers' }).click();
    const entry = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: 'api' });
    await expect(entry).toContainText('running');

    await writeFile(
      host.configPath,
      JSON.stringify({
        mcpServers: {
          api: { url: remote.url, oauth: { ...oauth, idpTokenEndpoint: elsewhere, idpClientSecret: 'x' } },
        },
      }),
    );
    const approval = page.getByRole('dialog', { name: 'Run api?' });
    await expect(approval).toContainText('changed since you approved it');
    await expect(approval).toContainText('Came from: config.json changed by another program');
    const diff = approval.getByRole('figure', { name: 'What the server runs, as approved and now' });
    await expect(diff).toContainText(`oauth "idpTokenEndpoint": ${JSON.stringify(elsewhere)}`);
    await expect(diff).toContainText('oauth "idpClientSecret": (value hidden)');
    await expect(diff).not.toContainText(oauth.clientSecret);
    await expect(entry).toContainText('Waiting for approval');
    await expect(entry).toContainText('stopped');
    expect(reached).toEqual([]);

    await approval.getByRole('button', { name: 'Deny' }).click();
    await expect(entry).toContainText('Not approved');
    expect(reached).toEqual([]);
  } finally {
    await new Promise((done) => capture.close(done));
  }
});
