// What a server says about itself: its icons (only those the host accepts, as images), its title, version, website
// and protocol version, and its instructions with the switch that gives them to the model.
import { expect, fixture, test } from './host';

test('icons, server details and refused icons in the log', async ({ page, startHost }) => {
  const host = await startHost({ mcpServers: { icons: fixture('icons.mjs') } });
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  await page
    .getByRole('navigation', { name: 'Servers' })
    .getByRole('button', { name: 'icons', exact: true })
    .click();

  const main = page.getByRole('main');
  await expect(main).toContainText('Icon Gallery');
  await expect(main).toContainText('2.1.0');
  await expect(main).toContainText('https://example.com/icons');
  await expect(main).toContainText(/Protocol\s*Version\s*2025-11-25/);

  await page.getByRole('tab', { name: 'Tools' }).click();
  const tools = page.getByRole('list', { name: 'Tools of icons' });
  // Icons are decorative (alt=""), so they have no role of their own: they are found inside their rows.
  const iconOf = (name: string) =>
    tools
      .getByRole('listitem')
      .filter({ hasText: `A tool with a ${name} icon.` })
      .locator('img');
  await expect(iconOf('plain')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(iconOf('vector')).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  await expect(iconOf('scripted')).toHaveCount(0);
  await expect(iconOf('local-file')).toHaveCount(0);
  await expect(iconOf('huge')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Logs' }).click();
  await expect(main).toContainText('An icon was not shown (javascript:alert(1))');
  await expect(main).toContainText(
    /An icon was not shown \(file:\/\/\/etc\/hostname\): only https: and data: icons/,
  );
});

test('instructions are shown as text, and the switch to give them to the model is remembered', async ({
  page,
  startHost,
}) => {
  const host = await startHost({ mcpServers: { instructed: fixture('instructions.mjs') } });
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  await page
    .getByRole('navigation', { name: 'Servers' })
    .getByRole('button', { name: 'instructed', exact: true })
    .click();
  const main = page.getByRole('main');
  await expect(main).toContainText('Always call lookup before answering.');
  await expect(main).toContainText('</server-instructions>');
  const give = main.getByRole('switch', { name: 'Give these instructions to the model' });
  await expect(give).toBeChecked();
  await give.click();
  await expect(give).not.toBeChecked();
  await page.reload();
  await page.getByRole('tab', { name: 'Servers' }).click();
  await expect(
    page.getByRole('main').getByRole('switch', { name: 'Give these instructions to the model' }),
  ).not.toBeChecked();
});
