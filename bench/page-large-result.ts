// A 9 MB tool result through the page: Run → result shown, against the same bytes fetched raw by a page; longest task.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fixture } from '../e2e/hostProcess';
import { compare, report, timed } from './harness';
import {
  launchBrowser,
  longTaskSummary,
  newPage,
  print,
  runs,
  startBenchHost,
  takeLongTasks,
} from './lib/page';

const MB = 9;
const body = 'x'.repeat(MB * 1024 * 1024);
const raw = createServer((request, response) => {
  if (request.url === '/big') response.end(body);
  else response.end('<!doctype html><title>baseline</title>');
});
await new Promise<void>((done) => raw.listen(0, '127.0.0.1', done));
const rawUrl = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;

/** Clicks the dialog's Run and resolves with the milliseconds until its Result is painted (text: no bundler helpers). */
const RUN_AND_WAIT_FOR_RESULT = `new Promise((done) => {
  const dialog = document.querySelector('dialog[open]');
  const run = [...dialog.querySelectorAll('button')].find((button) => button.textContent === 'Run');
  const started = performance.now();
  const observer = new MutationObserver(() => {
    if (!dialog.querySelector('section[aria-label="Result"]')) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => done(performance.now() - started)));
  });
  observer.observe(dialog, { childList: true, subtree: true });
  run.click();
})`;

const host = await startBenchHost({
  mcpServers: { files: fixture('sized.mjs', { BIG_BYTES: String(MB * 1024 * 1024) }) },
});
const browser = await launchBrowser();
try {
  const page = await newPage(browser);
  await page.goto(host.url);
  await page.getByRole('tab', { name: 'Servers' }).click();
  await page.getByRole('navigation', { name: 'Servers' }).getByRole('button', { name: /files/ }).click();
  await page.getByRole('tab', { name: 'Tools' }).click();
  await page.getByRole('button', { name: 'Run big', exact: true }).waitFor();
  const baselinePage = await newPage(browser);
  await baselinePage.goto(rawUrl);

  const tasks: number[] = [];
  const subject = async () => {
    await page.getByRole('button', { name: 'Run big', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await takeLongTasks(page);
    await dialog.getByRole('button', { name: 'Run', exact: true }).waitFor();
    // Timed inside the page, so Playwright's own actionability checks and polling are not counted.
    const ms = (await page.evaluate(RUN_AND_WAIT_FOR_RESULT)) as number;
    tasks.push(...(await takeLongTasks(page)));
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });
    return ms;
  };
  const baseline = () =>
    timed(() =>
      baselinePage.evaluate(async () => {
        const text = await (await fetch('/big')).text();
        const shown = document.createElement('pre');
        shown.textContent = text.slice(0, 1024);
        document.body.replaceChildren(shown);
        await new Promise((done) => requestAnimationFrame(() => setTimeout(done)));
        return text.length;
      }),
    );
  const result = await compare({
    name: `${MB} MB tool result, Run → shown vs raw fetch`,
    subject,
    baseline,
    runs: runs(5),
    warmup: 1,
    goal: 1.5,
  });
  report([result]);
  const summary = longTaskSummary(tasks);
  print('9 MB result in the page', {
    'tasks over 50 ms per run': summary.count / result.subject.runs,
    'longest task ms': summary.longest,
  });
} finally {
  await browser.close();
  await host.stop();
  raw.close();
}
