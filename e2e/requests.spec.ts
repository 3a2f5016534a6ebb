// Servers ask, the person decides: sampling and elicitation requests from server-everything.
import type { Page } from '@playwright/test';
import { EVERYTHING, expect, type RunningHost, test } from './host';
import { type LlmFixture, modelsConfig, startLlm } from './llm';

let llm: LlmFixture;

test.beforeAll(async () => {
  llm = await startLlm();
});

test.afterAll(async () => {
  await llm.close();
});

/** Opens server-everything's tool and runs it with `fill`; returns the run dialog. */
async function runTool(
  page: Page,
  host: RunningHost,
  tool: string,
  fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  await page
    .getByRole('navigation', { name: 'Servers' })
    .getByRole('button', { name: /everything/ })
    .click();
  await page.getByRole('tab', { name: 'Tools' }).click();
  await page.getByRole('button', { name: `Run ${tool}`, exact: true }).click();
  const dialog = page.getByRole('dialog').last();
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Run', exact: true }).click();
  return dialog;
}

const config = () => ({ mcpServers: { everything: EVERYTHING }, models: modelsConfig(llm) });

test('a sampling request is edited, approved, reviewed and sent back to the server', async ({
  page,
  startHost,
}) => {
  await llm.script([{ text: 'A haiku about tides.' }]);
  const host = await startHost(config());
  const run = await runTool(page, host, 'trigger-sampling-request', (dialog) =>
    dialog.getByLabel('prompt').fill('Write about the sea'),
  );
  const sampling = page.getByRole('dialog', { name: 'Sampling request', exact: true });
  await expect(sampling).toContainText('everything');
  const message = sampling.getByRole('textbox', { name: 'Message 1', exact: true });
  await expect(message).toHaveValue(/Write about the sea/);
  await message.fill('Write about the tides');
  await sampling.getByRole('button', { name: 'Approve' }).click();
  await expect(sampling.getByRole('textbox', { name: 'Response' })).toHaveValue('A haiku about tides.');
  await sampling.getByRole('button', { name: 'Send to server' }).click();

  await expect(run.getByRole('region', { name: 'Result' })).toContainText('A haiku about tides.');
  const requests = (await llm.requests()) as { messages: unknown[] }[];
  expect(JSON.stringify(requests.at(-1)?.messages)).toContain('Write about the tides');
});

test('a rejected sampling request reaches the server as a rejection', async ({ page, startHost }) => {
  const host = await startHost(config());
  const run = await runTool(page, host, 'trigger-sampling-request', (dialog) =>
    dialog.getByLabel('prompt').fill('anything'),
  );
  await page
    .getByRole('dialog', { name: 'Sampling request', exact: true })
    .getByRole('button', { name: 'Reject' })
    .click();
  await expect(run.getByRole('region', { name: 'Result' })).toContainText('User rejected sampling request');
});

test('an elicitation form refuses an invalid value, then submits what the person typed', async ({
  page,
  startHost,
}) => {
  const host = await startHost(config());
  const run = await runTool(page, host, 'trigger-elicitation-request', async () => {});
  const form = page.getByRole('dialog', { name: 'Information requested', exact: true });
  await expect(form).toContainText('everything');
  await form.getByLabel('String', { exact: true }).fill('Ada Lovelace');
  await form.getByLabel('Integer', { exact: true }).fill('500');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Integer', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Integer', { exact: true }).fill('42');
  await form.getByRole('button', { name: 'Submit' }).click();
  const result = run.getByRole('region', { name: 'Result' });
  await expect(result).toContainText('Name: Ada Lovelace');
  await expect(result).toContainText('Favorite Integer: 42');
});

for (const [button, words] of [
  ['Decline', 'User declined'],
  ['Cancel', 'User cancelled'],
] as const) {
  test(`${button} on an elicitation reaches the server as ${button.toLowerCase()}`, async ({
    page,
    startHost,
  }) => {
    const host = await startHost(config());
    const run = await runTool(page, host, 'trigger-elicitation-request', async () => {});
    await page
      .getByRole('dialog', { name: 'Information requested', exact: true })
      .getByRole('button', { name: button })
      .click();
    await expect(run.getByRole('region', { name: 'Result' })).toContainText(words);
  });
}

test('a URL elicitation shows the address and fetches nothing before consent', async ({
  page,
  startHost,
}) => {
  const fetched: string[] = [];
  await page.context().route('**/*', (route) => {
    if (new URL(route.request().url()).hostname.endsWith('example.test')) fetched.push(route.request().url());
    return route.continue();
  });
  const host = await startHost(config());
  const run = await runTool(page, host, 'trigger-url-elicitation', (dialog) =>
    dialog.getByLabel('url').fill('https://login.example.test/authorize?session=1'),
  );
  const request = page.getByRole('dialog', { name: 'Information requested', exact: true });
  await expect(request).toContainText('login.example.test');
  await expect(request.getByRole('button', { name: 'Open in browser' })).toBeVisible();
  // Browser mode has no second confirmation, and says so.
  await expect(request).toContainText('opens this address in a new tab at once');
  await expect(request).not.toContainText('asks once more');
  expect(fetched).toEqual([]);
  await request.getByRole('button', { name: 'Decline' }).click();
  await expect(run.getByRole('region', { name: 'Result' })).toContainText(/decline/i);
  expect(fetched).toEqual([]);
});
