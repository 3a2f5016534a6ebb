// A server that fails is seen from the chat: a badge on the Servers tab and a notice in the composer's tools menu.
import { expect, fixture, test } from './host';
import { invoke } from './hostApi';
import { openChat } from './steps';

test('a server that died shows on the Servers tab and in the tools menu, which opens it', async ({
  page,
  startHost,
}) => {
  const host = await startHost(
    {
      mcpServers: { tidy: fixture('changing.mjs'), github: fixture('changing.mjs') },
      models: {
        providers: [
          { id: 'local', type: 'openai-compatible', baseURL: 'http://127.0.0.1:9/v1', models: ['m'] },
        ],
        default: 'local/m',
      },
    },
    { env: { SWITCHBOARD_RESTART_BACKOFF_MS: '600000' } },
  );
  await openChat(page, host);
  const tools = page.getByRole('button', { name: /^Tools \d+$/ });
  await expect(tools).toHaveAccessibleName('Tools 4');
  const serversTab = page.getByRole('tab', { name: /^Servers/ });
  await expect(serversTab).toHaveAccessibleName('Servers');

  const github = (await invoke(host, 'servers.list', {})).find((view) => view.name === 'github');
  process.kill(github!.pid!, 'SIGKILL');

  await expect(serversTab).toHaveAccessibleName('Servers (1 needs attention)');
  await expect(tools).toHaveAccessibleName('Tools 2');
  await expect(tools).toHaveAccessibleDescription('2 tools unavailable: github is not running');
  await tools.click();
  const menu = page.getByRole('dialog', { name: 'Tools for this conversation' });
  await expect(menu.getByRole('note')).toHaveText(/2 tools unavailable: github is not running/);
  await menu.getByRole('button', { name: 'Open github' }).click();
  await expect(menu).toHaveCount(0);

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'github' })).toBeVisible();
  await expect(main).toContainText('was ended by SIGKILL');
  // One of Start or Restart at a time: a failed server is restarted, a stopped one started.
  await expect(main.getByRole('button', { name: 'Start', exact: true })).toHaveCount(0);
  await main.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(main.getByRole('button', { name: 'Restart', exact: true })).toHaveCount(0);
  await expect(serversTab).toHaveAccessibleName('Servers');
  await main.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(main.getByRole('button', { name: 'Start', exact: true })).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Restart', exact: true })).toBeEnabled();
  await expect(
    page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: 'github' }),
  ).toContainText('running');
  // The Overview names the protocol version the two sides agreed on.
  await expect(main.getByRole('tabpanel')).toContainText(
    /Version\s*\d{4}-\d{2}-\d{2} \((agreed in the initialize handshake|found with server\/discover)\)/,
  );
  await expect(main.getByRole('tabpanel')).not.toContainText('Era');
});
