// The page's first load in a fresh browser profile (no code cache): the longest task of each load, including the
// code it fetches once idle.
import { summarize } from './harness';
import { launchBrowser, newPage, print, runs, startBenchHost, takeLongTasks } from './lib/page';

const LOADS = runs(8);

const host = await startBenchHost({ mcpServers: {} });
const browser = await launchBrowser();
const longest: number[] = [];
try {
  for (let load = 0; load < LOADS; load++) {
    // Each page opens in a context of its own: nothing compiled by an earlier load is reused.
    const page = await newPage(browser);
    await page.goto(host.url);
    await page.getByRole('tab', { name: 'Servers' }).waitFor();
    // A second more: the code the page fetches once idle (Markdown, the other sections) is counted too.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 1000))));
    longest.push(Math.max(0, ...(await takeLongTasks(page))));
    await page.context().close();
  }
} finally {
  await browser.close();
  await host.stop();
}
const { median, p95 } = summarize(longest);
print(`page load, fresh profile, no servers: longest task of each of ${LOADS} loads`, {
  'median ms': median,
  'p95 ms': p95,
  'loads with a task over 100 ms': longest.filter((ms) => ms > 100).length,
  'each, ms': longest.map(Math.round).join(' '),
});
