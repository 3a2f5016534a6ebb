// A person works with a server of 1,000 tools: the Tools tab filters and runs one; the chat's Tools dialog switches one off.
import { expect, fixture, test } from './host';
import { modelsConfig, startLlm } from './llm';
import { openChat } from './steps';

test('the Tools tab of a server with 1,000 tools filters to one and runs it', async ({ page, startHost }) => {
  const host = await startHost({ mcpServers: { many: fixture('many-tools.mjs') } });
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  await page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /many/ }).click();
  await page.getByRole('tab', { name: 'Tools' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('1,000 tools', { exact: true })).toBeVisible();
  const list = panel.getByRole('list', { name: 'Tools of many' });
  await expect(list.getByRole('button', { name: 'Run tool-0000', exact: true })).toBeVisible();
  const rows = await list.getByRole('listitem').count();
  expect(rows).toBeGreaterThan(5);
  expect(rows).toBeLessThan(100);

  await panel.getByRole('searchbox', { name: 'Filter tools' }).fill('tool-0999');
  await expect(panel.getByText('1 of 1,000 tools', { exact: true })).toBeVisible();
  await list.getByRole('button', { name: 'Run tool-0999', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(dialog.getByRole('region', { name: 'Result' })).toContainText('ran tool-0999');
});

test("the chat's Tools dialog lists 1,000 tools in view only, and filters to switch one off", async ({
  page,
  startHost,
}) => {
  const llm = await startLlm();
  try {
    const host = await startHost({
      mcpServers: { many: fixture('many-tools.mjs') },
      models: modelsConfig(llm),
    });
    await openChat(page, host);
    const button = page.getByRole('button', { name: /^Tools \d+$/ });
    await expect(button).toHaveAccessibleName('Tools 1000');
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Tools for this conversation' });
    const list = dialog.getByRole('list', { name: 'Tools of many' });
    await expect(list.getByRole('checkbox', { name: /^tool-0000 / })).toBeChecked();
    const rows = await list.getByRole('listitem').count();
    expect(rows).toBeGreaterThan(5);
    expect(rows).toBeLessThan(100);

    await dialog.getByRole('searchbox', { name: 'Filter tools' }).fill('tool-0999');
    const last = dialog.getByRole('checkbox', { name: /^tool-0999 / });
    await last.uncheck();
    await expect(last).not.toBeChecked();
    await expect(dialog.getByText('999 tools on', { exact: false })).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(button).toHaveAccessibleName('Tools 999');
  } finally {
    await llm.close();
  }
});
