// What a person does in the chat, as steps the end-to-end specs share: each returns once its outcome shows.
import type { Locator, Page } from '@playwright/test';
import { expect, type RunningHost } from './host';

export const conversations = (page: Page): Locator => page.getByRole('navigation', { name: 'Conversations' });
export const messageBox = (page: Page): Locator => page.getByRole('textbox', { name: 'Message' });
/** Every reply of the model in the open conversation. */
export const assistant = (page: Page): Locator => page.getByRole('article', { name: 'Assistant' });
export const lastAssistant = (page: Page): Locator => assistant(page).last();
/** Every message of the person in the open conversation. */
export const mine = (page: Page): Locator => page.getByRole('article', { name: 'You' });

/** Starts a new conversation from the list; returns once it is open, empty, and its message box takes text. */
export async function newConversation(page: Page): Promise<void> {
  await conversations(page).getByRole('button', { name: 'New conversation' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'New conversation' })).toBeVisible();
  await expect(mine(page)).toHaveCount(0);
  await expect(messageBox(page)).toBeEditable();
}

/** Opens the host's page and starts a new conversation. */
export async function openChat(page: Page, host: RunningHost): Promise<void> {
  await page.goto(host.url);
  await newConversation(page);
}

/** Types `text` and presses Enter; returns once it shows as the person's latest message. */
export async function send(page: Page, text: string): Promise<void> {
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
  await expect(mine(page).last()).toContainText(text);
}

/** Types `text` while the model answers and presses Enter; returns once it waits to be sent after the reply. */
export async function sendAfterReply(page: Page, text: string): Promise<void> {
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'Waiting to send when the reply ends' }),
  ).toContainText(text);
}
