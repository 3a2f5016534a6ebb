// A day in the chat: Retry, Edit and resend, Esc and Continue, search inside messages, files and @ mentions,
// tokens and context, export, math and the command palette.
import { readFile } from 'node:fs/promises';
import { EVERYTHING, expect, fixture, test } from './host';
import { type LlmFixture, modelsConfig, startLlm } from './llm';
import {
  assistant,
  conversations,
  messageBox,
  mine,
  newConversation,
  openChat,
  send,
  sendAfterReply,
} from './steps';

let llm: LlmFixture;

test.beforeAll(async () => {
  llm = await startLlm();
});

test.afterAll(async () => {
  await llm.close();
});

test.beforeEach(async () => {
  await llm.script([]);
});

type ChatRequest = { messages: { role: string; content: unknown }[] };

function config() {
  return { mcpServers: { chat: fixture('chat-tools.mjs') }, models: modelsConfig(llm) };
}

async function lastRequest(): Promise<string> {
  const requests = (await llm.requests()) as ChatRequest[];
  return JSON.stringify(requests.at(-1)?.messages ?? []);
}

test('Retry after a provider error replaces the failed reply', async ({ page, startHost }) => {
  await llm.script([
    { status: 500, message: 'The model is overloaded', retryAfterMs: 1 },
    { status: 500, message: 'The model is overloaded', retryAfterMs: 1 },
    { text: 'Back on my feet.' },
  ]);
  const host = await startHost(config());
  await openChat(page, host);
  await send(page, 'Are you there?');
  await expect(assistant(page).getByRole('alert')).toContainText('server error (500)');

  await assistant(page).getByRole('button', { name: 'Retry' }).click();
  await expect(assistant(page)).toHaveCount(1);
  await expect(assistant(page)).toContainText('Back on my feet.');
  await expect(assistant(page).getByRole('alert')).toHaveCount(0);
  await expect(mine(page)).toHaveCount(1);
});

test('Edit and resend replaces the message and the replies after it', async ({ page, startHost }) => {
  await llm.script([{ text: 'Paris.' }, { text: 'About two million.' }, { text: 'Rome.' }]);
  const host = await startHost(config());
  await openChat(page, host);
  await send(page, 'Capital of France?');
  await expect(assistant(page)).toContainText('Paris.');
  await send(page, 'How many people live there?');
  await expect(assistant(page).last()).toContainText('About two million.');

  await mine(page).first().getByRole('button', { name: 'Edit message' }).click();
  const editor = page.getByRole('textbox', { name: 'Edit message' });
  await expect(editor).toHaveValue('Capital of France?');
  await expect(page.getByText('removes the 3 messages after it')).toBeVisible();
  await editor.fill('Capital of Italy?');
  await editor.press('Enter');

  await expect(assistant(page)).toHaveCount(1);
  await expect(assistant(page)).toContainText('Rome.');
  await expect(mine(page)).toHaveCount(1);
  await expect(mine(page)).toContainText('Capital of Italy?');
  const sent = await lastRequest();
  expect(sent).toContain('Capital of Italy?');
  expect(sent).not.toContain('Paris.');
});

test('Esc stops a reply; the next message typed meanwhile comes back, and Continue goes on', async ({
  page,
  startHost,
}) => {
  await llm.script([
    { text: 'never arrives', delayMs: 20_000 },
    { text: 'And so it ends.' },
    { text: 'Sure.' },
  ]);
  const host = await startHost(config());
  await openChat(page, host);
  await send(page, 'Tell me a long story');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();

  // The box stays open while the model answers; Enter holds the message until the reply ends.
  await sendAfterReply(page, 'And then?');

  await page.keyboard.press('Escape');
  await expect(assistant(page)).toContainText('Stopped.');
  await expect(messageBox(page)).toHaveValue('And then?');
  await expect(page.getByText('The reply was stopped, so your next message was not sent.')).toBeVisible();

  await assistant(page).getByRole('button', { name: 'Continue' }).click();
  await expect(assistant(page)).toContainText('And so it ends.');
  await expect(assistant(page)).toHaveCount(1);
  expect(await lastRequest()).toContain('Continue it exactly where it stopped');

  await messageBox(page).press('Enter');
  await expect(assistant(page).last()).toContainText('Sure.');
});

test('a message written during a reply is sent when the reply ends', async ({ page, startHost }) => {
  await llm.script([{ text: 'First reply.', delayMs: 3000 }, { text: 'Second reply.' }]);
  const host = await startHost(config());
  await openChat(page, host);
  await send(page, 'one');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await sendAfterReply(page, 'two');
  await expect(assistant(page).last()).toContainText('Second reply.');
  await expect(mine(page)).toHaveText([/one/, /two/]);
});

test('search finds a word inside a reply and shows where', async ({ page, startHost }) => {
  await llm.script([
    { text: 'The keeper of the lighthouse was called Marguerite Delacroix.' },
    { text: 'Bees like lavender.' },
  ]);
  const host = await startHost(config());
  await openChat(page, host);
  await send(page, 'Who kept the lighthouse?');
  await expect(assistant(page)).toContainText('Marguerite');
  await newConversation(page);
  await send(page, 'What do bees like?');
  await expect(assistant(page)).toContainText('lavender');

  await page.getByRole('searchbox', { name: 'Search conversations' }).fill('delacr');
  const hit = conversations(page).getByRole('button', { name: /^Who kept the lighthouse\?/ });
  await expect(hit).toContainText('Marguerite Delacroix');
  await expect(hit.locator('mark')).toHaveText('Delacroix');
  await expect(conversations(page).getByRole('button', { name: /^What do bees like\?/ })).toHaveCount(0);
  await hit.click();
  await expect(mine(page)).toContainText('Who kept the lighthouse?');
});

test('a file attached with the paperclip reaches the model; a PDF is refused with the reason', async ({
  page,
  startHost,
}) => {
  await llm.script([{ text: 'Three bullet points.' }]);
  const host = await startHost(config());
  await openChat(page, host);

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles([
    {
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Milk, eggs and the secret word: heliotrope.'),
    },
    { name: 'report.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7 binary') },
  ]);
  await expect(page.getByRole('alert')).toContainText(
    'report.pdf was not attached: PDF files cannot be read',
  );
  const attachments = page.getByRole('list', { name: 'Attachments' });
  await expect(attachments).toContainText('notes.txt');

  await send(page, 'Summarise the file');
  await expect(assistant(page)).toContainText('Three bullet points.');
  await expect(mine(page).getByRole('list', { name: 'Attached files' })).toContainText('notes.txt');
  const sent = await lastRequest();
  expect(sent).toContain('Attached file notes.txt');
  expect(sent).toContain('heliotrope');
});

test('a file dropped on the message box is attached', async ({ page, startHost }) => {
  const host = await startHost(config());
  await openChat(page, host);
  const drop = await page.evaluateHandle(() => {
    const data = new DataTransfer();
    data.items.add(new File(['dropped text'], 'dropped.md', { type: 'text/markdown' }));
    return data;
  });
  await page.locator('form.composer').dispatchEvent('dragover', { dataTransfer: drop });
  await page.locator('form.composer').dispatchEvent('drop', { dataTransfer: drop });
  await expect(page.getByRole('list', { name: 'Attachments' })).toContainText('dropped.md');
});

test('a pasted image is refused for a model that cannot see images and reaches one that can', async ({
  page,
  startHost,
}) => {
  await llm.script([{ text: 'A single pixel.' }]);
  const models = {
    providers: [
      {
        id: 'local',
        type: 'openai-compatible',
        baseURL: llm.url,
        models: ['scripted-model', 'scripted-vision'],
      },
    ],
    default: 'local/scripted-model',
  };
  const host = await startHost({ mcpServers: {}, models });
  await openChat(page, host);
  const paste = () =>
    messageBox(page).evaluate((box) => {
      const png =
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
      const bytes = Uint8Array.from(atob(png), (char) => char.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'image.png', { type: 'image/png' }));
      box.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
  await paste();
  await expect(page.getByRole('alert')).toContainText(
    'image.png was not attached: local/scripted-model is not known to see images',
  );
  await page.getByRole('combobox', { name: 'Model' }).selectOption('local/scripted-vision');
  await paste();
  await expect(page.getByRole('list', { name: 'Attachments' })).toContainText('image.png');
  await send(page, 'What is this?');
  await expect(assistant(page)).toContainText('A single pixel.');
  expect(await lastRequest()).toContain('data:image/png;base64,iVBORw0KGgo');
});

test('@ mentions a resource of a running server and attaches it', async ({ page, startHost }) => {
  await llm.script([{ text: 'It is about the architecture.' }]);
  const host = await startHost({ mcpServers: { everything: EVERYTHING }, models: modelsConfig(llm) });
  await openChat(page, host);
  await messageBox(page).pressSequentially('Explain @archi');
  const list = page.getByRole('listbox', { name: 'Servers and resources' });
  await expect(list.getByRole('option', { name: /architecture\.md/ })).toBeVisible();
  await messageBox(page).press('Enter');
  await expect(messageBox(page)).toHaveValue('Explain @architecture.md ');
  await expect(page.getByRole('list', { name: 'Attachments' })).toContainText('architecture.md');

  await messageBox(page).press('Enter');
  await expect(assistant(page)).toContainText('It is about the architecture.');
  const sent = await lastRequest();
  expect(sent).toContain('Attached resource demo://resource/static/document/architecture.md');
  expect(sent).toContain('Everything Server');
});

test('each reply shows its tokens and time, the header how full the context is, and export downloads Markdown', async ({
  page,
  startHost,
}) => {
  await llm.script([
    { text: 'Einstein wrote $$E = mc^2$$ in 1905.', usage: { prompt: 64_000, completion: 12 } },
  ]);
  // A model whose context window is published (128k tokens), served by the scripted model server.
  const models = {
    providers: [{ id: 'local', type: 'openai-compatible', baseURL: llm.url, models: ['llama3.2'] }],
    default: 'local/llama3.2',
  };
  const host = await startHost({ mcpServers: {}, models });
  await openChat(page, host);
  await send(page, 'A famous formula?');
  await expect(assistant(page)).toContainText('64k in · 12 out');
  await expect(assistant(page).getByRole('math')).toHaveCount(1);
  await expect(assistant(page)).not.toContainText('$$');
  await expect(page.getByRole('meter', { name: 'Context used' })).toHaveAttribute('value', '50');
  await expect(page.getByText('Context: 64k of 128k (50%)')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'Export as Markdown' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('A famous formula.md');
  const text = await readFile((await file.path()) ?? '', 'utf8');
  expect(text).toContain('# A famous formula?');
  expect(text).toContain('$$E = mc^2$$');
});

test('the command palette runs commands by name and lists their shortcuts, also in Settings', async ({
  page,
  startHost,
}) => {
  const host = await startHost(config());
  await openChat(page, host);
  await page.keyboard.press('ControlOrMeta+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('option', { name: /New conversation/ })).toBeVisible();
  await expect(palette.getByRole('combobox', { name: 'Command' })).toBeFocused();
  await page.keyboard.type('servers');
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Servers', selected: true })).toBeVisible();

  await page.keyboard.press('ControlOrMeta+Shift+F');
  await expect(page.getByRole('searchbox', { name: 'Search conversations' })).toBeFocused();

  await page.keyboard.press('ControlOrMeta+k');
  await palette.getByRole('combobox', { name: 'Command' }).fill('shortcuts');
  await page.keyboard.press('Enter');
  const table = page.getByRole('table', { name: 'Keyboard shortcuts' });
  await expect(table.getByRole('row', { name: /Stop the reply.*Esc/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Open the command palette/ })).toBeVisible();
});

test('the conversation’s system prompt goes to the model', async ({ page, startHost }) => {
  await llm.script([{ text: 'Arr.' }]);
  const host = await startHost(config());
  await openChat(page, host);
  await page.getByRole('button', { name: 'Options' }).click();
  const dialog = page.getByRole('dialog', { name: 'Conversation options' });
  await dialog.getByRole('checkbox', { name: 'Use a system prompt of its own' }).check();
  await dialog.getByRole('textbox', { name: 'System prompt' }).fill('You are a pirate.');
  await dialog.getByRole('spinbutton', { name: 'Temperature' }).fill('0.7');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await send(page, 'Hello');
  await expect(assistant(page)).toContainText('Arr.');
  const requests = (await llm.requests()) as (ChatRequest & { temperature?: number })[];
  expect(requests.at(-1)?.messages[0]).toEqual({ role: 'system', content: 'You are a pirate.' });
  expect(requests.at(-1)?.temperature).toBe(0.7);
});
