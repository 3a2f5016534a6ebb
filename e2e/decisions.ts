// A tool call's decision in its card, as a person answers it in the conversation.
import type { Locator, Page } from '@playwright/test';

/** The decision inside the card of the (last) waiting call of `tool`. */
export function decisionOn(page: Page, tool: string): Locator {
  return page
    .getByRole('group', { name: `Tool call ${tool}` })
    .last()
    .getByRole('region', { name: `Decision on ${tool}` });
}

/** Allows the waiting call of `tool` once, from its card. */
export async function allowOnce(page: Page, tool: string): Promise<void> {
  await decisionOn(page, tool).getByRole('button', { name: 'Allow once' }).click();
}
