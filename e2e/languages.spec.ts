// Switchboard in 简体中文 and Deutsch: the browser's language picks it, every part speaks it, server text stays as
// written, and Settings → Language switches at once and is remembered.
import { execFileSync } from 'node:child_process';
import type { Locator, Page } from '@playwright/test';
import { expect, fixture, type RunningHost, test } from './host';
import { type LlmFixture, modelsConfig, startLlm } from './llm';

let llm: LlmFixture;
test.beforeAll(async () => {
  llm = await startLlm();
});
test.afterAll(async () => {
  await llm.close();
});

/** What a person reads in each language, as the catalogues say it. */
const WORDS = {
  'zh-CN': {
    welcome: '欢迎使用 Switchboard',
    skip: '跳过',
    conversations: '对话',
    newConversation: '新建对话',
    message: '消息',
    toolCall: (tool: string) => `工具调用 ${tool}`,
    decision: (tool: string) => `对 ${tool} 的决定`,
    noSuchTool: (name: string) => `没有名为 ${name} 的工具。`,
    question: '模型想要在 chat 上运行 Greet（greet）。是否允许？',
    allowOnce: '允许一次',
    done: '已完成',
    sections: '服务器',
    addServer: '添加服务器',
    name: '名称',
    roots: '根目录',
    addFolder: '添加文件夹',
    chooseFolder: '选择文件夹',
    path: '路径',
    noFolder: '/no/such/folder 处没有文件夹。',
    settings: '设置',
    tabs: ['模型', '聊天', '工具集', '权限', '采样', '注册表', '快捷键', '语言'],
    language: '界面语言',
  },
  de: {
    welcome: 'Willkommen bei Switchboard',
    skip: 'Überspringen',
    conversations: 'Unterhaltungen',
    newConversation: 'Neue Unterhaltung',
    message: 'Nachricht',
    toolCall: (tool: string) => `Tool-Aufruf ${tool}`,
    decision: (tool: string) => `Entscheidung zu ${tool}`,
    noSuchTool: (name: string) => `Es gibt kein Tool namens ${name}.`,
    question: 'Das Modell möchte Greet (greet) auf chat ausführen. Erlauben?',
    allowOnce: 'Einmal erlauben',
    done: 'fertig',
    sections: 'Server',
    addServer: 'Server hinzufügen',
    name: 'Name',
    roots: 'Stammordner',
    addFolder: 'Ordner hinzufügen',
    chooseFolder: 'Ordner auswählen',
    path: 'Pfad',
    noFolder: 'Unter /no/such/folder gibt es keinen Ordner.',
    settings: 'Einstellungen',
    tabs: [
      'Modelle',
      'Chat',
      'Tool-Sets',
      'Berechtigungen',
      'Sampling',
      'Registry',
      'Tastenkürzel',
      'Sprache',
    ],
    language: 'Sprache der Oberfläche',
  },
} as const;
type Words = (typeof WORDS)[keyof typeof WORDS];

const config = () => ({ mcpServers: { chat: fixture('chat-tools.mjs') }, models: modelsConfig(llm) });

async function openSettings(page: Page, words: Words): Promise<Locator> {
  await page.getByRole('button', { name: words.settings, exact: true }).click();
  const settings = page.getByRole('region', { name: words.settings });
  await expect(settings.getByRole('heading', { level: 1, name: words.settings })).toBeVisible();
  return settings;
}

/** Opens a new conversation in the person's language; with `text`, sends it. */
async function newConversation(page: Page, words: Words, text?: string): Promise<Locator> {
  await page
    .getByRole('navigation', { name: words.conversations })
    .getByRole('button', { name: words.newConversation })
    .first()
    .click();
  const box = page.getByRole('textbox', { name: words.message });
  if (text !== undefined) {
    await box.fill(text);
    await box.press('Enter');
  }
  return box;
}

/** A conversation, a tool call's consent card, a server-written title left as written, and the call's result. */
async function consentCard(page: Page, host: RunningHost, words: Words): Promise<void> {
  await llm.script([{ toolCalls: [{ name: 'chat__greet', arguments: { name: 'Ada' } }] }, { text: 'OK.' }]);
  await page.goto(host.url);
  await newConversation(page, words, 'Greet Ada');
  const card = page.getByRole('group', { name: words.toolCall('greet') });
  const decision = card.getByRole('region', { name: words.decision('greet') });
  // The tool's title is the server's own text: shown as written in every language.
  await expect(decision).toContainText(words.question);
  await decision.getByRole('button', { name: words.allowOnce }).click();
  await expect(card).toContainText(words.done);
  await expect(card).toContainText('Hello, Ada!');
}

/** A call the host could not make: its card says why, in the person's language. */
async function failedCard(page: Page, words: Words): Promise<void> {
  await llm.script([{ toolCalls: [{ name: 'gone__lookup', arguments: {} }] }, { text: 'OK.' }]);
  await newConversation(page, words, 'Look it up');
  await expect(page.getByText(words.noSuchTool('gone__lookup'), { exact: true })).toBeVisible();
}

/** Opens Servers → Add server, named in the person's language. */
async function openAddServer(page: Page, words: Words): Promise<Locator> {
  await page.getByRole('tab', { name: words.sections, exact: true }).click();
  await page
    .getByRole('navigation', { name: words.sections })
    .getByRole('button', { name: words.addServer })
    .click();
  return page.getByRole('dialog', { name: words.addServer });
}

/** The server form's labels, and a host error (a folder that is not there) in the person's language. */
async function serverFormAndError(page: Page, words: Words): Promise<void> {
  const form = await openAddServer(page, words);
  await expect(form.getByRole('textbox', { name: words.name, exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);

  await page.getByRole('tab', { name: words.roots }).first().click();
  await page
    .getByRole('region', { name: words.roots })
    .getByRole('button', { name: words.addFolder })
    .click();
  const browser = page.getByRole('dialog', { name: words.chooseFolder });
  await browser.getByRole('textbox', { name: words.path }).fill('/no/such/folder');
  await browser.getByRole('textbox', { name: words.path }).press('Enter');
  await expect(browser).toContainText(words.noFolder);
  await page.keyboard.press('Escape');
}

for (const [locale, words] of Object.entries(WORDS) as [keyof typeof WORDS, Words][]) {
  test.describe(`with the browser in ${locale}`, () => {
    test.use({ locale });

    test('the welcome speaks the browser’s language', async ({ page, startHost }) => {
      const host = await startHost(undefined);
      await page.goto(host.url);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { name: words.welcome })).toBeVisible();
      await expect(page.getByRole('button', { name: words.skip })).toBeVisible();
    });

    test('a consent card, a failed call, the server form, an error and Settings speak it too', async ({
      page,
      startHost,
    }) => {
      const host = await startHost(config());
      await consentCard(page, host, words);
      await failedCard(page, words);
      await serverFormAndError(page, words);
      const settings = await openSettings(page, words);
      await expect(settings.getByRole('tab')).toHaveText([...words.tabs]);
    });
  });
}

/** Whether two Chinese characters draw differently in `font` (a missing glyph draws the same empty box for both). */
function drawsApart(page: Page, font: string, first: string, second: string): Promise<boolean> {
  return page.evaluate(
    ([font, first, second]) => {
      const draw = (text: string) => {
        const canvas = document.createElement('canvas');
        canvas.width = 48;
        canvas.height = 48;
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no canvas');
        context.font = font;
        context.fillText(text, 4, 36);
        return context.getImageData(0, 0, 48, 48).data.join(',');
      };
      return draw(first) !== draw(second);
    },
    [font, first, second] as const,
  );
}

/** Whether this Linux machine has a font with Chinese glyphs (`.ci/run` installs one); elsewhere the system has its own. */
function chineseFontInstalled(): boolean {
  if (process.platform !== 'linux') return true;
  try {
    return execFileSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' }).trim() !== '';
  } catch {
    return false;
  }
}

test.describe('Chinese text', () => {
  test.use({ locale: 'zh-CN' });
  test.skip(!chineseFontInstalled(), 'No Chinese font on this machine: apt-get install fonts-wqy-microhei');

  test('renders with real glyphs in the page and in the code editor', async ({ page, startHost }) => {
    const zh = WORDS['zh-CN'];
    const host = await startHost({ mcpServers: {} });
    await page.goto(host.url);
    const form = await openAddServer(page, zh);
    await form.getByRole('button', { name: '以 JSON 格式编辑' }).click();
    await expect(form.getByLabel('服务器条目 JSON')).toBeVisible();
    const fonts = await page.evaluate(() => ({
      page: getComputedStyle(document.body).fontFamily,
      editor: getComputedStyle(document.querySelector('.monaco-editor .view-lines') ?? document.body)
        .fontFamily,
    }));
    expect(fonts.editor).toMatch(/WenQuanYi|Noto Sans CJK|PingFang|YaHei/);
    for (const family of [fonts.page, fonts.editor]) {
      // The check itself: two private-use characters have no glyph anywhere and draw the same box.
      expect(await drawsApart(page, `24px ${family}`, '\uE000', '\uE001')).toBe(false);
      expect(await drawsApart(page, `24px ${family}`, '汉', '字')).toBe(true);
    }
  });
});

test.describe('switching language', () => {
  test.use({ locale: 'zh-CN' });

  test('Settings → Language changes the open view at once, keeps what was typed, and is remembered', async ({
    page,
    startHost,
  }) => {
    const zh = WORDS['zh-CN'];
    const de = WORDS.de;
    const host = await startHost(config());
    await page.goto(host.url);
    await (await newConversation(page, zh)).fill('还没写完的草稿');

    const settings = await openSettings(page, zh);
    await settings.getByRole('tab', { name: '语言' }).click();
    const picker = settings.getByRole('combobox', { name: zh.language });
    await expect(picker).toHaveValue('system');
    await picker.selectOption('de');
    // At once, without a reload: the same view now speaks German.
    const einstellungen = page.getByRole('region', { name: de.settings });
    await expect(einstellungen.getByRole('heading', { level: 1, name: de.settings })).toBeVisible();
    await expect(einstellungen.getByRole('tab')).toHaveText([...de.tabs]);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(einstellungen.getByRole('combobox', { name: de.language })).toHaveValue('de');

    await einstellungen.getByRole('button', { name: 'Schließen' }).click();
    await expect(page.getByRole('textbox', { name: de.message })).toHaveValue('还没写完的草稿');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('navigation', { name: de.conversations })).toBeVisible();
    const again = await openSettings(page, de);
    await again.getByRole('tab', { name: 'Sprache' }).click();
    await again.getByRole('combobox', { name: de.language }).selectOption('system');
    await expect(page.getByRole('heading', { level: 1, name: zh.settings })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  });

  test('an app view is told the page’s language in its host context', async ({ page, startHost }) => {
    const zh = WORDS['zh-CN'];
    await llm.script([
      { toolCalls: [{ name: 'apps__show_counter', arguments: { start: 1 } }] },
      { text: 'OK.' },
    ]);
    const host = await startHost({ mcpServers: { apps: fixture('apps.mjs') }, models: modelsConfig(llm) });
    await page.goto(host.url);
    await newConversation(page, zh, 'Show a counter');
    const card = page.getByRole('group', { name: zh.toolCall('show_counter') });
    await card
      .getByRole('region', { name: zh.decision('show_counter') })
      .getByRole('button', { name: zh.allowOnce })
      .click();
    const view = card.locator('iframe').first().contentFrame().locator('iframe').contentFrame();
    await expect(view.getByText('Locale: zh-CN')).toBeVisible();
  });
});
