// Tool results that point at resources: a resource link opens the Resources preview, an embedded resource shows its type.
import { EVERYTHING, expect, test } from './host';

test('a resource link in a tool result opens the resource in the Resources preview', async ({
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
  await page.getByRole('button', { name: 'Run get-resource-links' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Run', exact: true }).click();
  const result = dialog.getByRole('region', { name: 'Result' });
  await expect(result).toContainText('Text Resource 2');
  await result.getByRole('button', { name: 'Open Text Resource 2 in Resources' }).click();

  const preview = page.getByRole('region', { name: 'Resource preview' });
  await expect(preview).toContainText('Resource 2: This is a plaintext resource');
});

test('an embedded resource shows its mime type', async ({ page, startHost }) => {
  const host = await startHost({ mcpServers: { everything: EVERYTHING } });
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  await page
    .getByRole('navigation', { name: 'Servers' })
    .getByRole('button', { name: /everything/ })
    .click();
  await page.getByRole('tab', { name: 'Tools' }).click();
  await page.getByRole('button', { name: 'Run get-resource-reference' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(dialog.getByRole('region', { name: 'Result' })).toContainText(
    /Embedded resource \S+ \(text\/plain\)/,
  );
});
