// The page's first load in a fresh browser profile (no code cache): when the app first shows, its first paint, and the
// longest task of each load, including the code it fetches once idle. With `SWITCHBOARD_BASELINE_OUT` (the `out`
// folder of another build) the two builds load alternately in one run and the figures are ratios.
import { resolve } from 'node:path';
import type { Browser } from '@playwright/test';
import type { RunningHost } from '../e2e/hostProcess';
import { startHost } from '../e2e/hostProcess';
import { compare, report, summarize } from './harness';
import { hostEntry, launchBrowser, newPage, print, runs, startBenchHost, takeLongTasks } from './lib/page';

declare global {
  interface Window {
    benchShown?: number;
  }
}

const LOADS = runs(8);

type Load = { shown: number; paint: number; longest: number };

/** One load in a fresh context: ms from navigation until the app's first tab is in the page, the first contentful paint, and the longest task. */
async function load(browser: Browser, host: RunningHost): Promise<Load> {
  const page = await newPage(browser);
  // As text: a function here would be rewritten by the TypeScript runner with helpers the page does not have.
  await page.addInitScript(`new MutationObserver(() => {
    if (window.benchShown === undefined && document.querySelector('[role="tab"]')) window.benchShown = performance.now();
  }).observe(document, { childList: true, subtree: true });`);
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).waitFor();
  // A second more: the code the page fetches once idle (Markdown, the other sections) is counted too.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 1000))));
  const { shown, paint } = await page.evaluate(() => ({
    shown: window.benchShown ?? Number.NaN,
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  }));
  const longest = Math.max(0, ...(await takeLongTasks(page)));
  await page.context().close();
  return { shown, paint, longest };
}

const baselineOut = process.env.SWITCHBOARD_BASELINE_OUT;
const host = await startBenchHost({ mcpServers: {} });
const before = baselineOut
  ? await startHost({ mcpServers: {} }, { entry: resolve(baselineOut, 'main/web.js') })
  : undefined;
const browser = await launchBrowser();
try {
  if (before) {
    const figures: Record<keyof Load, { subject: number[]; baseline: number[] }> = {
      shown: { subject: [], baseline: [] },
      paint: { subject: [], baseline: [] },
      longest: { subject: [], baseline: [] },
    };
    const side = (target: RunningHost, into: 'subject' | 'baseline') => async () => {
      const measured = await load(browser, target);
      for (const key of Object.keys(figures) as (keyof Load)[]) figures[key][into].push(measured[key]);
      return measured.shown;
    };
    await compare({
      name: 'page load',
      subject: side(host, 'subject'),
      baseline: side(before, 'baseline'),
      runs: LOADS,
      warmup: 1,
    });
    console.log(`page load, fresh profile, no servers: ${hostEntry()} against ${baselineOut}`);
    report(
      (Object.keys(figures) as (keyof Load)[]).map((key) => {
        const subject = summarize(figures[key].subject.slice(-LOADS));
        const baseline = summarize(figures[key].baseline.slice(-LOADS));
        const name = {
          shown: 'app shown (ms)',
          paint: 'first contentful paint (ms)',
          longest: 'longest task (ms)',
        }[key];
        return {
          name,
          subject,
          baseline,
          ratio: subject.median / baseline.median,
          ratioP95: subject.p95 / baseline.p95,
        };
      }),
    );
  } else {
    const loads: Load[] = [];
    for (let round = 0; round < LOADS; round++) loads.push(await load(browser, host));
    const longest = loads.map((each) => each.longest);
    const { median, p95 } = summarize(longest);
    print(`page load, fresh profile, no servers: longest task of each of ${LOADS} loads`, {
      'median ms': median,
      'p95 ms': p95,
      'loads with a task over 100 ms': longest.filter((ms) => ms > 100).length,
      'each, ms': longest.map(Math.round).join(' '),
      'app shown, median ms': summarize(loads.map((each) => each.shown)).median,
      'first contentful paint, median ms': summarize(loads.map((each) => each.paint)).median,
    });
  }
} finally {
  await browser.close();
  await host.stop();
  await before?.stop();
}
