// config.json changed on disk while the config editor is open: the save is refused, and Reload shows the file.
import { writeFile } from 'node:fs/promises';
import { expect, fixture, test } from './host';

test('saving over a file that changed on disk is refused, with a way to reload it', async ({
  page,
  startHost,
}) => {
  const host = await startHost({ mcpServers: {} });
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  await page.getByRole('button', { name: 'Edit config file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit config file' });
  await expect(dialog.getByLabel('Config file JSON')).toBeVisible();

  await writeFile(
    host.configPath,
    JSON.stringify({ mcpServers: { outside: fixture('changing.mjs') } }, null, 2),
  );
  // The outside change is noticed at once, and the new server waits for approval.
  const approval = page.getByRole('dialog', { name: 'Run outside?' });
  await expect(approval).toContainText('config.json changed by another program');
  await approval.getByRole('button', { name: 'Approve and start' }).click();
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('changed on disk since you opened it');
  await expect(alert).toContainText(host.configPath);

  await alert.getByRole('button', { name: 'Reload the file from disk' }).click();
  await expect(dialog.getByText('The file as it is on disk now is shown.')).toBeVisible();
  await expect(dialog).toContainText('"outside"');
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  const entry = page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: 'outside' });
  await expect(entry).toContainText('running');
});
