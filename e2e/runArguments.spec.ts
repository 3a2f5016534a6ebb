// The Run dialog's JSON view checks arguments against the tool's schema as the consent card does, and runs them once they fit.
import { EVERYTHING, expect, test } from './host';

test('arguments written as JSON that break the schema are listed and not run; fixed, they run', async ({
  page,
  startHost,
}) => {
  const host = await startHost({ mcpServers: { everything: EVERYTHING } });
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  await page
    .getByRole('navigation', { name: 'Servers' })
    .getByRole('button', { name: /everything/ })
    .click();
  await page.getByRole('tab', { name: 'Tools' }).click();
  await page.getByRole('button', { name: 'Run echo' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Edit as JSON' }).click();
  const editor = dialog.getByLabel('Arguments (JSON)');
  await expect(editor).toBeVisible();

  const write = async (text: string) => {
    await editor.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText(text);
  };
  await write('{"message": 5}');
  const problems = dialog.getByRole('list', { name: 'Problems in the arguments' });
  await expect(problems).toContainText('"message"');
  await dialog.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Fix the problems listed under the editor first.');
  await expect(dialog.getByRole('region', { name: 'Result' })).toHaveCount(0);

  await write('{"message": "fixed 😀"}');
  await expect(problems).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(dialog.getByRole('region', { name: 'Result' })).toContainText('Echo: fixed 😀');
});
