// 1,000 tools and 10,000 resources in the page: connect → list shown, filter → match painted, longest task.
import type { Page } from '@playwright/test';
import { fixture } from '../e2e/hostProcess';
import { summarize, timed } from './harness';
import {
  launchBrowser,
  longTaskSummary,
  newPage,
  print,
  runs,
  startBenchHost,
  takeLongTasks,
} from './lib/page';

const painted = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));

/** Loads the page until its tabs show (the script's first run, no code cache), and its long tasks. */
async function load(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('tab', { name: 'Servers' }).waitFor();
  await painted(page);
  return takeLongTasks(page);
}

async function tools(page: Page, url: string) {
  const loading = await load(page, url);
  const connect = await timed(async () => {
    await page.getByRole('tab', { name: 'Servers' }).click();
    await page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /many/ }).click();
    await page.getByRole('tab', { name: 'Tools' }).click();
    await page.getByText('1000 tools', { exact: true }).waitFor({ timeout: 60_000 });
    await painted(page);
  });
  const opening = await takeLongTasks(page);
  const filter = page.getByRole('searchbox', { name: 'Filter tools' });
  const filterMs = await timed(async () => {
    await filter.fill('tool-0999');
    await page.getByRole('button', { name: 'Run tool-0999', exact: true }).waitFor();
    await painted(page);
  });
  const clearMs = await timed(async () => {
    await filter.fill('');
    await page.getByText('1000 tools', { exact: true }).waitFor();
    await painted(page);
  });
  const tabMs = await timed(async () => {
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByRole('tab', { name: 'Tools' }).click();
    await page.getByText('1000 tools', { exact: true }).waitFor();
    await painted(page);
  });
  return { loading, connect, filterMs, clearMs, tabMs, opening, acting: await takeLongTasks(page) };
}

async function resources(page: Page, url: string) {
  const loading = await load(page, url);
  const connect = await timed(async () => {
    await page.getByRole('tab', { name: 'Resources' }).first().click();
    await page
      .getByRole('tree', { name: 'Resources' })
      .getByRole('treeitem')
      .first()
      .waitFor({ timeout: 60_000 });
    await painted(page);
  });
  const opening = await takeLongTasks(page);
  const filterMs = await timed(async () => {
    await page.getByRole('searchbox', { name: 'Filter resources' }).fill('file-9999.txt');
    await page.getByRole('treeitem', { name: 'file-9999.txt', exact: true }).waitFor();
    await painted(page);
  });
  return { loading, connect, filterMs, opening, acting: await takeLongTasks(page) };
}

const browser = await launchBrowser();
try {
  const toolRuns: Awaited<ReturnType<typeof tools>>[] = [];

  const resourceRuns: Awaited<ReturnType<typeof resources>>[] = [];

  for (let run = 0; run < runs(3); run++) {
    const host = await startBenchHost({
      mcpServers: { many: fixture('many-tools.mjs'), lots: fixture('many-resources.mjs') },
    });
    try {
      const page = await newPage(browser);
      toolRuns.push(await tools(page, host.url));
      await page.close();
      const second = await newPage(browser);
      resourceRuns.push(await resources(second, host.url));
      await second.close();
    } finally {
      await host.stop();
    }
  }
  const median = <T>(list: T[], pick: (item: T) => number) => summarize(list.map(pick)).median;
  const t = longTaskSummary(toolRuns.flatMap((run) => run.acting));
  const tOpen = longTaskSummary(toolRuns.flatMap((run) => run.opening));
  const tLoad = longTaskSummary(toolRuns.flatMap((run) => run.loading));
  print('1,000 tools', {
    'open → list shown ms': median(toolRuns, (r) => r.connect),
    'filter → match painted ms': median(toolRuns, (r) => r.filterMs),
    'clear filter → list painted ms': median(toolRuns, (r) => r.clearMs),
    'tab switch → list painted ms': median(toolRuns, (r) => r.tabMs),
    'page load: tasks over 50 ms per run': tLoad.count / toolRuns.length,
    'page load: longest task ms': tLoad.longest,
    'open the list: tasks over 50 ms per run': tOpen.count / toolRuns.length,
    'open the list: longest task ms': tOpen.longest,
    'filter, clear, tab switch: tasks over 50 ms per run': t.count / toolRuns.length,
    'filter, clear, tab switch: longest task ms': t.longest,
  });
  const r = longTaskSummary(resourceRuns.flatMap((run) => run.acting));
  const rOpen = longTaskSummary(resourceRuns.flatMap((run) => run.opening));
  const rLoad = longTaskSummary(resourceRuns.flatMap((run) => run.loading));
  print('10,000 resources', {
    'open → tree shown ms': median(resourceRuns, (x) => x.connect),
    'filter → match painted ms': median(resourceRuns, (x) => x.filterMs),
    'page load: tasks over 50 ms per run': rLoad.count / resourceRuns.length,
    'page load: longest task ms': rLoad.longest,
    'open the tree: tasks over 50 ms per run': rOpen.count / resourceRuns.length,
    'open the tree: longest task ms': rOpen.longest,
    'filter: tasks over 50 ms per run': r.count / resourceRuns.length,
    'filter: longest task ms': r.longest,
  });
} finally {
  await browser.close();
}
