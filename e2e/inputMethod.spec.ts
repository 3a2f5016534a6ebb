// Typing through an input method: the Enter that picks a candidate never sends the message or submits a form.
import { expect, test } from './host';
import { type LlmFixture, modelsConfig, startLlm } from './llm';
import { lastAssistant, messageBox, mine, openChat } from './steps';

let llm: LlmFixture;
test.beforeAll(async () => {
  llm = await startLlm();
});
test.afterAll(async () => {
  await llm.close();
});

test('Enter while composing with an input method picks the candidate; the next Enter sends', async ({
  page,
  startHost,
}) => {
  const host = await startHost({ mcpServers: {}, models: modelsConfig(llm) });
  await llm.script([{ text: '你好！' }]);
  await openChat(page, host);
  const box = messageBox(page);
  await box.click();
  // The browser's own input method path: a composition is open when Enter arrives (isComposing, keyCode 229).
  const cdp = await page.context().newCDPSession(page);
  await page.evaluate(() => {
    const keys: { key: string; isComposing: boolean; keyCode: number }[] = [];
    Object.assign(window, { keysSeen: keys });
    document.addEventListener(
      'keydown',
      (event) => keys.push({ key: event.key, isComposing: event.isComposing, keyCode: event.keyCode }),
      { capture: true },
    );
  });
  await cdp.send('Input.imeSetComposition', { text: 'ni hao', selectionStart: 6, selectionEnd: 6 });
  await cdp.send('Input.dispatchKeyEvent', {
    type: 'rawKeyDown',
    key: 'Enter',
    code: 'Enter',
    windowsVirtualKeyCode: 13,
  });
  await cdp.send('Input.dispatchKeyEvent', {
    type: 'keyUp',
    key: 'Enter',
    code: 'Enter',
    windowsVirtualKeyCode: 13,
  });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { keysSeen: unknown[] }).keysSeen))
    .toEqual([expect.objectContaining({ isComposing: true })]);
  await cdp.send('Input.insertText', { text: '你好' });
  await expect(box).toHaveValue('你好');
  await expect(mine(page)).toHaveCount(0);
  expect(await llm.requests()).toHaveLength(0);

  // Composition over, Enter sends.
  await box.press('Enter');
  await expect(mine(page).last()).toContainText('你好');
  await expect(lastAssistant(page)).toContainText('你好！');
});
