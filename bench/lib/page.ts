// Drives the built renderer in browser mode for page benchmarks: Chromium with a long-task recorder, and a host.
import { resolve } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../e2e/browser';
import { type RunningHost, startHost } from '../../e2e/hostProcess';

declare global {
  interface Window {
    benchLongTasks?: number[];
  }
}

/** The build to measure: `SWITCHBOARD_OUT` (a folder like `out`) lets one run compare a build from before a change. */
export function hostEntry(): string {
  return resolve(process.env.SWITCHBOARD_OUT ?? 'out', 'main/web.js');
}

/** Starts a host of the measured build with `config`. */
export function startBenchHost(config: unknown): Promise<RunningHost> {
  return startHost(config, { entry: hostEntry() });
}

/** A headless Chromium whose pages record every long task (over 50 ms) in `window.benchLongTasks`. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS, headless: true });
}

/** A fresh page (1280×800) recording long tasks. */
export async function newPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript(() => {
    window.benchLongTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.benchLongTasks?.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  return page;
}

/** The long tasks recorded since the last call (milliseconds), then forgets them. */
export async function takeLongTasks(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const tasks = window.benchLongTasks ?? [];
    window.benchLongTasks = [];
    return tasks;
  });
}

/** `count` tasks over 50 ms and the longest (0 when none). */
export function longTaskSummary(tasks: readonly number[]): { count: number; longest: number } {
  return { count: tasks.length, longest: tasks.reduce((max, task) => Math.max(max, task), 0) };
}

/** How many repetitions: `BENCH_RUNS` or the given default. */
export function runs(fallback: number): number {
  const wanted = Number(process.env.BENCH_RUNS);
  return Number.isFinite(wanted) && wanted > 0 ? wanted : fallback;
}

/** Prints one line per figure under a heading. */
export function print(title: string, figures: Record<string, string | number>): void {
  console.log(`${title} (${hostEntry()})`);
  for (const [name, value] of Object.entries(figures))
    console.log(`  ${name}: ${typeof value === 'number' ? value.toFixed(1) : value}`);
}
