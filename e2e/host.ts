// Starts the host in browser mode for one test, with its own config and data folder; after each test, the page shows
// no message id in place of its words (a part of the page whose English did not load with it).
import { readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { type RunningHost, startHost } from './hostProcess';

export { EVERYTHING, fixture, type HostLaunch, type RunningHost, startHost } from './hostProcess';

const PAGE_ENGLISH = join(import.meta.dirname, '../src/renderer/src/locales/en');
const HOST_ENGLISH = join(import.meta.dirname, '../src/shared/locales/en.json');
const MESSAGE_IDS = [
  ...readdirSync(PAGE_ENGLISH).map((file) => join(PAGE_ENGLISH, file)),
  HOST_ENGLISH,
].flatMap((file) => Object.keys(JSON.parse(readFileSync(file, 'utf8'))));
/** A message id standing alone in the page's text. */
const SHOWN_ID = new RegExp(
  `(?<![\\w.-])(${MESSAGE_IDS.map((id) => id.replaceAll('.', '\\.')).join('|')})(?![\\w.-])`,
  'g',
);

/** The message ids the page shows as text instead of their words. */
export async function shownMessageIds(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body?.innerText ?? '').catch(() => '');
  return [...new Set([...text.matchAll(SHOWN_ID)].map((match) => match[1] ?? ''))];
}

/** A test with a `startHost` that stops every host it started when the test ends. */
export const test = base.extend<{ startHost: typeof startHost }>({
  page: async ({ page }, use) => {
    await use(page);
    if (!page.isClosed())
      expect(await shownMessageIds(page), 'message ids shown in place of words').toEqual([]);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take a destructured first argument.
  startHost: async ({}, use) => {
    const started: RunningHost[] = [];
    await use(async (config, launch) => {
      const host = await startHost(config, launch);
      started.push(host);
      return host;
    });
    await Promise.all(started.map((host) => host.stop()));
    await Promise.all(started.map((host) => rm(host.dataDir, { recursive: true, force: true })));
  },
});

export { expect };
