// Streaming a long Markdown reply at 200 tokens/s into the chat: tasks over 50 ms, the longest, and main-thread busy time.
import { type LlmFixture, modelsConfig, startLlm } from '../e2e/llm';
import { summarize } from './harness';
import {
  launchBrowser,
  longTaskSummary,
  newPage,
  print,
  runs,
  startBenchHost,
  takeLongTasks,
} from './lib/page';

const TOKENS_PER_SECOND = 200;

/** About `chars` characters of Markdown: paragraphs, a list, a table and fenced code in a few languages. */
function longReply(chars: number): string {
  const sections: string[] = [];
  for (let i = 0; sections.join('\n\n').length < chars; i++) {
    sections.push(
      `## Part ${i}\n\nThis paragraph explains step ${i} with **bold** words, \`inline code\` and a [link](https://example.com/${i}). It keeps going for a while so the line wraps more than once in the reply.`,
      `- first point of ${i}\n- second point with *emphasis*\n- third point`,
      `\`\`\`${['ts', 'python', 'json'][i % 3]}\nfunction step${i}(input) {\n  const total = input.reduce((sum, value) => sum + value, 0);\n  return { total, count: input.length };\n}\n\`\`\``,
      `| name | value |\n|---|---|\n| a${i} | ${i} |\n| b${i} | ${i * 2} |`,
    );
  }
  return `${sections.join('\n\n')}\n\nThe end of the reply.`;
}

const llm: LlmFixture = await startLlm();
const host = await startBenchHost({ mcpServers: {}, models: modelsConfig(llm) });
const browser = await launchBrowser();
try {
  const page = await newPage(browser);
  await page.goto(host.url);
  const reply = longReply(8_000);
  const counts: number[] = [];
  const longest: number[] = [];
  const busy: number[] = [];
  for (let run = 0; run < runs(2); run++) {
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: 'New conversation' })
      .click();
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.fill('Tell me a long story.');
    await llm.script([{ text: reply, tokensPerSecond: TOKENS_PER_SECOND }]);
    await takeLongTasks(page);
    const started = Date.now();
    await message.press('Enter');
    // A cheap check twice a second: Playwright's text locators would scan the whole page on every poll.
    await page.waitForFunction(
      () =>
        document
          .querySelector('article[aria-label="Assistant"][aria-busy="false"]')
          ?.textContent?.includes('The end of the reply.'),
      null,
      { polling: 500, timeout: 120_000 },
    );
    const seconds = (Date.now() - started) / 1000;
    const tasks = await takeLongTasks(page);
    const summary = longTaskSummary(tasks);
    counts.push(summary.count);
    longest.push(summary.longest);
    busy.push(tasks.reduce((sum, task) => sum + task, 0) / 10 / seconds);
  }
  print(`Streaming ${reply.length} characters at ${TOKENS_PER_SECOND} tokens/s`, {
    'tasks over 50 ms (median per reply)': summarize(counts).median,
    'longest task ms (median)': summarize(longest).median,
    'longest task ms (worst)': Math.max(...longest),
    'share of time in long tasks % (median)': summarize(busy).median,
  });
} finally {
  await browser.close();
  await host.stop();
  await llm.close();
}
