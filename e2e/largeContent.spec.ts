// A person meets large content: a resource previewed in part and shown whole on request, attached by reference,
// and a protocol frame too large for the log shown whole on request.
import type { Page } from '@playwright/test';
import { expect, fixture, test } from './host';
import { invoke } from './hostApi';
import { type LlmFixture, modelsConfig, startLlm } from './llm';
import { lastAssistant, send } from './steps';

let llm: LlmFixture;

test.beforeAll(async () => {
  llm = await startLlm();
});

test.afterAll(async () => {
  await llm.close();
});

const MB = 1;
const big = () => ({ files: fixture('misbehave.mjs', { BIG_MB: String(MB) }) });

async function openResource(page: Page, uri: string, name: string) {
  await page.getByRole('tab', { name: 'Resources' }).first().click();
  await page.getByRole('searchbox', { name: 'Filter resources' }).fill(uri);
  await page.getByRole('tree', { name: 'Resources' }).getByRole('treeitem', { name, exact: true }).click();
}

/** Runs `tool` of the server "files" with its default arguments from the Tools tab; the Run dialog's Result. */
async function runTool(page: Page, tool: string) {
  await openServerTab(page, 'Tools');
  await page.getByRole('button', { name: `Run ${tool}`, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Run', exact: true }).click();
  return dialog.getByRole('region', { name: 'Result' });
}

async function openServerTab(page: Page, tab: string) {
  await page.getByRole('tab', { name: 'Servers' }).click();
  await page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /files/ }).click();
  await page.getByRole('tab', { name: tab }).click();
}

test('a large resource previews its start, shows all on request, and reaches the model whole', async ({
  page,
  startHost,
}) => {
  await llm.script([{ text: 'That is long.' }]);
  const host = await startHost({ mcpServers: big(), models: modelsConfig(llm) });
  await page.goto(host.url);
  await openResource(page, 'big://text', 'big-text');
  const preview = page.getByRole('region', { name: 'Resource preview' });
  await expect(preview.getByText('Showing the first 256.0 KB of 1.0 MB.')).toBeVisible();
  await preview.getByRole('button', { name: 'Show all' }).click();
  await expect(preview.getByText(/Showing the first/)).toHaveCount(0);
  await expect(preview.getByRole('textbox', { name: 'Contents of big://text' })).toBeAttached();

  await preview.getByRole('button', { name: 'Attach to chat' }).click();
  await send(page, 'How long is it?');
  await expect(lastAssistant(page)).toContainText('That is long.');
  const requests = (await llm.requests()) as { messages: unknown[] }[];
  expect(JSON.stringify(requests.at(-1)?.messages)).toContain(`r END`);
});

test('a large binary resource shows its size and offers to save it', async ({ page, startHost }) => {
  const host = await startHost({ mcpServers: big() });
  await page.goto(host.url);
  await openResource(page, 'big://blob', 'big-blob');
  const preview = page.getByRole('region', { name: 'Resource preview' });
  await expect(
    preview.getByText('Binary content, 1.0 MB, application/octet-stream. It is not shown here.'),
  ).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Save as…' })).toBeVisible();
});

test('a protocol frame too large for the log is shown whole on request', async ({ page, startHost }) => {
  const host = await startHost({ mcpServers: big() });
  await page.goto(host.url);
  await openServerTab(page, 'Protocol');
  await invoke(host, 'tools.call', { server: 'files', tool: 'big', args: { mb: 0.5 } });
  const row = page
    .getByRole('list', { name: 'Protocol frames' })
    .getByRole('button', { name: /result of tools\/call .*512\.\d KB/ });
  await row.click();
  const detail = page.getByRole('region', { name: 'Selected frame' });
  await expect(detail).toContainText(/This frame is about 512\.\d KB; the log keeps its first 4\.0 KB\./);
  await detail.getByRole('button', { name: 'Show whole frame' }).click();
  await expect(detail.getByRole('textbox', { name: 'Whole frame' })).toBeAttached();
  await expect(detail.getByText('"jsonrpc"', { exact: true })).toBeVisible();
});

test('a large tool result shows its start, and Show all opens the whole down to its last line', async ({
  page,
  startHost,
}) => {
  const host = await startHost({ mcpServers: big() });
  await page.goto(host.url);
  const result = await runTool(page, 'lines');
  await expect(result.getByText(/^Showing the first 16\.0 KB of \d+\.\d KB\./)).toBeVisible();
  await expect(result.getByText('line 1', { exact: false }).first()).toBeVisible();
  await expect(result.getByText('the last line')).toHaveCount(0);

  await result.getByRole('button', { name: 'Show all of the result text' }).click();
  const whole = result.getByRole('textbox', { name: 'Whole result text' });
  // The editor fills its box: twenty lines show before any scrolling.
  await expect(result.getByText('line 20', { exact: true })).toBeVisible();
  await whole.focus();
  await page.keyboard.press('Control+End');
  await expect(result.getByText('the last line')).toBeVisible();
});

test('a tool result larger than the host sends at once is fetched whole only on Show all', async ({
  page,
  startHost,
}) => {
  const host = await startHost({ mcpServers: big() });
  await page.goto(host.url);
  const result = await runTool(page, 'big');
  await expect(result.getByText('Showing the first 16.0 KB of 1.0 MB.')).toBeVisible();
  await result.getByRole('button', { name: 'Show all of the result text' }).click();
  await expect(result.getByText('All 1.0 MB.')).toBeVisible();
  await expect(result.getByRole('textbox', { name: 'Whole result text' })).toBeAttached();
});

test('an image too large to send at once shows its size, and Show image fetches it whole', async ({
  page,
  startHost,
}) => {
  const host = await startHost({ mcpServers: { files: fixture('sized.mjs') } });
  await page.goto(host.url);
  const result = await runTool(page, 'big-image');
  await expect(result.getByText('An image of type “image/png” (2.3 MB).')).toBeVisible();
  await result.getByRole('button', { name: 'Show image' }).click();
  const image = result.getByRole('img', { name: 'Returned by the tool (image/png)' });
  await expect(image).toBeAttached();
  // The whole image came from the host: every one of its 3 MB of base64, not the empty start the result carried.
  const src = (await image.getAttribute('src')) ?? '';
  expect(src.length - 'data:image/png;base64,'.length).toBe(3 * 1024 * 1024);
});
