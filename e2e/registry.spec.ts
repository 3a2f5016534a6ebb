// A person brings servers in from the registry and from install links: nothing runs before it is approved.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ARGV_SERVER, bundle, manifest, v } from '../test/bundles/bundleBuilder';
import { processesWith } from '../test/helpers';
import { expect, fixture, test } from './host';
import { invoke } from './hostApi';

/** The loopback fixture registry, in a process of its own for the whole file. */
let registry: { url: string; process: ChildProcess };

test.beforeAll(async () => {
  const child = spawn(process.execPath, ['test/fixtures/registry-server.mjs'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((done, fail) => {
    child.stdout?.once('data', (chunk) => done(JSON.parse(String(chunk)).url));
    child.once('exit', (code) => fail(new Error(`the fixture registry exited with ${code}`)));
  });
  registry = { url, process: child };
});
test.afterAll(() => {
  registry.process.kill();
});

test('browse the registry, install server-everything from npm, approve it, and it runs', async ({
  page,
  startHost,
}) => {
  const host = await startHost({ mcpServers: {} });
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  // The registry address is a setting.
  await page
    .getByRole('navigation', { name: 'Servers' })
    .getByRole('button', { name: 'Browse servers' })
    .click();
  let dialog = page.getByRole('dialog', { name: 'Browse servers' });
  await dialog.getByRole('button', { name: 'Change registry' }).click();
  const address = page.getByRole('textbox', { name: 'Registry address' });
  await expect(address).toHaveValue('https://registry.modelcontextprotocol.io');
  await address.fill(registry.url);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status')).toContainText(`Using ${registry.url}.`);
  await page.getByRole('button', { name: 'Close', exact: true }).first().click();

  await page.getByRole('tab', { name: 'Servers' }).click();
  await page
    .getByRole('navigation', { name: 'Servers' })
    .getByRole('button', { name: 'Browse servers' })
    .click();
  dialog = page.getByRole('dialog', { name: 'Browse servers' });
  const results = dialog.getByRole('list', { name: 'Registry servers' });
  await expect(results.getByRole('article', { name: 'GitHub MCP Server' })).toBeVisible();
  // Deprecated and deleted entries are hidden until asked for.
  await expect(dialog).toContainText('2 deprecated or deleted entries are hidden.');
  await dialog.getByRole('searchbox', { name: 'Search servers' }).fill('everything');
  await dialog.getByRole('button', { name: 'Search', exact: true }).click();
  const everything = results.getByRole('article', { name: 'Everything' });
  await expect(results.getByRole('article')).toHaveCount(1);
  // The publisher's description is text, never markup.
  await expect(everything).toContainText('<b>not bold</b>');
  await expect(everything.locator('b')).toHaveCount(0);
  await everything.getByRole('button', { name: 'Install Everything (npm)' }).click();

  const form = dialog.getByRole('region', { name: 'Install Everything' });
  await expect(
    form.getByText('npx -y @modelcontextprotocol/server-everything@2026.8.31 stdio'),
  ).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Server name' })).toHaveValue('everything');
  await expect(form.getByRole('textbox', { name: 'EVERYTHING_GREETING' })).toHaveValue('hello');
  await form.getByRole('button', { name: 'Add for approval' }).click();
  await expect(form.getByRole('status')).toContainText(
    'Added "everything". It does not start until you approve it.',
  );

  const file = JSON.parse(await readFile(host.configPath, 'utf8'));
  expect(file.mcpServers.everything).toEqual({
    command: 'npx',
    args: ['-y', '@modelcontextprotocol/server-everything@2026.8.31', 'stdio'],
    env: { EVERYTHING_GREETING: 'hello' },
  });
  // The approval dialog shows the whole command line and where it came from; nothing runs before Approve.
  const approval = page.getByRole('dialog', { name: 'Run everything?' });
  await expect(approval.getByRole('figure', { name: 'Command line' })).toContainText(
    '@modelcontextprotocol/server-everything@2026.8.31',
  );
  await expect(approval).toContainText('MCP registry — io.modelcontextprotocol/everything 2026.8.31');
  const [view] = await invoke(host, 'servers.list', {});
  expect(view?.state.kind).not.toBe('running');
  await approval.getByRole('button', { name: 'Approve and start' }).click();
  await dialog.getByRole('button', { name: 'Done' }).click();
  // The test runs offline: npx finds the package installed in this project once it is the server's working
  // folder, which the sandbox then shows it. The person's own edit in the app needs no second approval.
  await invoke(host, 'config.putServer', {
    name: 'everything',
    previousName: 'everything',
    entry: { ...file.mcpServers.everything, cwd: process.cwd() },
  });
  const listed = page
    .getByRole('navigation', { name: 'Servers' })
    .getByRole('button', { name: 'everything' });
  await expect(listed).toContainText('running', { timeout: 60_000 });
});

test('an install link opens for review, and its server waits for approval without starting', async ({
  page,
  startHost,
}) => {
  const host = await startHost({ mcpServers: {} });
  const marker = `link-marker-${Date.now()}`;
  const entry = fixture('argv-echo.mjs');
  const config = Buffer.from(
    JSON.stringify({ name: 'linked', ...entry, args: [...entry.args, marker] }),
  ).toString('base64');
  const link = `switchboard://install?config=${config}`;
  await page.goto(`${host.url}#install=${encodeURIComponent(link)}`);

  const dialog = page.getByRole('dialog', { name: 'Install link' });
  await expect(dialog.getByRole('textbox', { name: 'Install link' })).toHaveValue(link);
  // Arriving with the link wrote nothing yet.
  expect(JSON.parse(await readFile(host.configPath, 'utf8')).mcpServers).toEqual({});
  await dialog.getByRole('button', { name: 'Review' }).click();
  const approval = page.getByRole('dialog', { name: 'Run linked?' });
  await expect(approval).toContainText('install link (Switchboard)');
  await expect(approval.getByRole('figure', { name: 'Command line' })).toContainText(marker);
  await expect(dialog.getByRole('status')).toContainText(
    'Added "linked". It does not start until you approve it.',
  );

  const [waiting] = await invoke(host, 'approvals.list', {});
  expect(waiting).toMatchObject({
    name: 'linked',
    state: 'waiting',
    origin: { route: 'link', from: 'install link (Switchboard)' },
  });
  expect(waiting?.launch).toMatchObject({
    transport: 'stdio',
    command: entry.command,
    args: [...entry.args, marker],
  });
  expect(processesWith(marker)).toEqual([]);
  await approval.getByRole('button', { name: 'Approve and start' }).click();
  await dialog.getByRole('button', { name: 'Done' }).click();
  const listed = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: 'linked' });
  await page.getByRole('tab', { name: 'Servers' }).click();
  await expect(listed).toContainText('running');
  expect(processesWith(marker).length).toBeGreaterThan(0);
});

test('open a bundle by its path: it says it is unsigned, asks for its values, and runs once approved', async ({
  page,
  startHost,
}) => {
  const host = await startHost({ mcpServers: {} });
  // A bundle holds all it runs (it reads nothing of the project's from its sandbox).
  const server = ARGV_SERVER;
  const file = join(host.dataDir, 'hello.mcpb');
  const bytes = bundle(
    manifest({
      server: {
        type: 'node',
        entry_point: 'server/index.mjs',
        mcp_config: {
          command: process.execPath,
          args: [`${v('__dirname')}/server/index.mjs`, `--greeting=${v('user_config.greeting')}`],
          env: { HELLO_TOKEN: v('user_config.token') },
        },
      },
    }),
    { 'server/index.mjs': server },
  );
  await writeFile(file, bytes);
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  await page
    .getByRole('navigation', { name: 'Servers' })
    .getByRole('button', { name: 'Open bundle…' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Open bundle' });
  await dialog.getByRole('textbox', { name: 'Path of the .mcpb file' }).fill(file);
  await dialog.getByRole('button', { name: 'Open', exact: true }).click();

  const form = dialog.getByRole('region', { name: 'Bundle Hello bundle' });
  await expect(form).toContainText('Unsigned: nothing says who made this bundle.');
  await expect(form).toContainText('By Test Author');
  await expect(form.getByRole('textbox', { name: 'Greeting' })).toHaveValue('hello');
  await form.getByRole('button', { name: 'Add for approval' }).click();
  await expect(form.getByRole('alert')).toContainText('Token is required by this bundle.');
  await form.getByLabel('Token (required)').fill('bundle-secret-value');
  await form.getByRole('button', { name: 'Add for approval' }).click();

  const approval = page.getByRole('dialog', { name: 'Run Hello bundle?' });
  await expect(approval).toContainText(`bundle — ${file} (unsigned)`);
  await expect(approval.getByRole('figure', { name: 'Command line' })).toContainText('--greeting=hello');
  await expect(approval).not.toContainText('bundle-secret-value');
  const config = await readFile(host.configPath, 'utf8');
  expect(config).not.toContain('bundle-secret-value');
  await approval.getByRole('button', { name: 'Approve and start' }).click();
  await dialog.getByRole('button', { name: 'Done' }).click();
  const listed = page
    .getByRole('navigation', { name: 'Servers' })
    .getByRole('button', { name: 'Hello bundle' });
  await expect(listed).toContainText('running');
  const [view] = await invoke(host, 'servers.list', {});
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  expect(view?.entry).toMatchObject({
    cwd: join(host.dataDir, 'bundles', 'hello-bundle', `1.0.0+${sha256}`),
  });
});

test('a bundle dropped on Open bundle opens its form; a file that is not a bundle is refused', async ({
  page,
  startHost,
}) => {
  const host = await startHost({ mcpServers: {} });
  const server = `import ${JSON.stringify(pathToFileURL(resolve('test/fixtures/argv-echo.mjs')).href)};\n`;
  const bytes = bundle(
    manifest({
      server: {
        type: 'node',
        entry_point: 'server/index.mjs',
        mcp_config: { command: process.execPath, args: [`${v('__dirname')}/server/index.mjs`] },
      },
    }),
    { 'server/index.mjs': server },
  );
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  await page
    .getByRole('navigation', { name: 'Servers' })
    .getByRole('button', { name: 'Open bundle…' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Open bundle' });
  const zone = dialog.getByRole('region', { name: 'Drop a bundle here' });
  const drop = async (name: string, base64: string) => {
    const transfer = await page.evaluateHandle(
      ({ name, base64 }) => {
        const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([data], name));
        return transfer;
      },
      { name, base64 },
    );
    await zone.dispatchEvent('dragover', { dataTransfer: transfer });
    await zone.dispatchEvent('drop', { dataTransfer: transfer });
  };

  await drop('notes.txt', Buffer.from('not a bundle').toString('base64'));
  await expect(dialog.getByRole('alert')).toContainText('notes.txt is not a bundle');

  await drop('hello.mcpb', Buffer.from(bytes).toString('base64'));
  const form = dialog.getByRole('region', { name: 'Bundle Hello bundle' });
  await expect(form).toContainText('Unsigned: nothing says who made this bundle.');
  await form.getByLabel('Token (required)').fill('dropped-secret');
  await form.getByRole('button', { name: 'Add for approval' }).click();
  const approval = page.getByRole('dialog', { name: 'Run Hello bundle?' });
  await expect(approval).toContainText('bundle — hello.mcpb (dropped) (unsigned)');
  const [view] = await invoke(host, 'servers.list', {});
  expect(view?.name).toBe('Hello bundle');
  expect(view?.state.kind).not.toBe('running');
});
