// Every official example app server from the package registry that runs without the internet: its view renders in the tool's card and responds.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FrameLocator, Locator, Page } from '@playwright/test';
import { expect, type RunningHost, test } from './host';
import { type LlmFixture, modelsConfig, startLlm } from './llm';
import {
  askForTime,
  callsOf,
  LOOPBACK_ONLY,
  officialServer,
  toolCard,
  viewCallDialog,
  viewIn,
  writeShapesPdf,
} from './officialServers';
import { lastAssistant, openChat, send } from './steps';

test.use({ launchOptions: LOOPBACK_ONLY });

let llm: LlmFixture;
let dir: string;
let pdf: string;
test.beforeAll(async () => {
  llm = await startLlm();
  dir = await mkdtemp(join(tmpdir(), 'switchboard-official-'));
  pdf = join(dir, 'shapes.pdf');
  await writeShapesPdf(pdf);
});
test.afterAll(async () => {
  await llm.close();
  await rm(dir, { recursive: true, force: true });
});

type Shown = { page: Page; host: RunningHost; card: Locator; view: FrameLocator; dialog: Locator };

type App = {
  /** The package's name after `@modelcontextprotocol/server-`. */
  pkg: string;
  /** Arguments after the script, as its README gives them. */
  args: () => string[];
  tool: string;
  input: () => Record<string, unknown>;
  /** Checks that the view rendered and that its control works. */
  check: (shown: Shown) => Promise<void>;
};

/** Answers the view's call of `tool` with "Allow this view's calls to …". */
async function allowViewCalls(dialog: Locator, tool: string): Promise<void> {
  await expect(dialog).toContainText(tool);
  await dialog.getByRole('button', { name: `Allow this view’s calls to ${tool}` }).click();
}

const TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z/;

/**
 * A basic example (one per framework): it shows the time its tool returned, and its button asks the
 * server again through the bridge. Vue's example keeps its bridge in deep reactive state, which reads
 * properties of `window.parent`: that throws in a view with an opaque origin of its own, as views have
 * here, so its button fails before any message is sent; only its first render is checked.
 */
function basic(pkg: string): App {
  return {
    pkg,
    args: () => ['--stdio'],
    tool: 'get-time',
    input: () => ({}),
    check: async ({ view, dialog }) => {
      const time = view.getByText(TIME).first();
      await expect(time).toBeVisible();
      if (pkg === 'basic-vue') return;
      const before = await time.textContent();
      await askForTime(view, dialog);
      await dialog.getByRole('button', { name: 'Allow once' }).click();
      await expect.poll(() => time.textContent()).not.toBe(before);
    },
  };
}

const APPS: App[] = [
  {
    pkg: 'pdf',
    args: () => ['--stdio', pdf],
    tool: 'display_pdf',
    input: () => ({ url: pdf }),
    check: async ({ page, view, dialog }) => {
      // PDF.js reads the bytes through the bridge, then draws the page with its worker's code.
      await allowViewCalls(dialog, 'read_pdf_bytes');
      await expect(page.getByRole('region', { name: 'Context from the view of display_pdf' })).toContainText(
        'Current Page: 1/1',
      );
      const blue = async () =>
        view
          .locator('canvas')
          .first()
          .evaluate((canvas: HTMLCanvasElement) => {
            const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
            let count = 0;
            for (let index = 0; index < data.length; index += 4)
              if ((data[index + 2] ?? 0) > 150 && (data[index] ?? 0) < 60) count += 1;
            return count;
          });
      await expect.poll(blue).toBeGreaterThan(1000);
    },
  },
  ...['basic-react', 'basic-vanillajs', 'basic-preact', 'basic-solid', 'basic-svelte', 'basic-vue'].map(
    basic,
  ),
  {
    pkg: 'budget-allocator',
    args: () => ['--stdio'],
    tool: 'get-budget-data',
    input: () => ({}),
    check: async ({ view }) => {
      const total = view.getByText(/Allocated:/);
      await expect(total).toContainText('$100,000 / $100,000');
      await view.getByRole('slider').first().fill('40');
      await expect(total).not.toContainText('$100,000 / $100,000');
    },
  },
  {
    pkg: 'system-monitor',
    args: () => ['--stdio'],
    tool: 'get-system-info',
    input: () => ({}),
    check: async ({ host, view, dialog }) => {
      await allowViewCalls(dialog, 'poll-system-stats');
      await expect(view.getByText(/\d+%/).first()).toBeVisible();
      await expect
        .poll(async () => (await callsOf(host, 'poll-system-stats')).length, { timeout: 20_000 })
        .toBeGreaterThanOrEqual(2);
    },
  },
  {
    pkg: 'cohort-heatmap',
    args: () => ['--stdio'],
    tool: 'get-cohort-data',
    input: () => ({}),
    check: async ({ host, view, dialog }) => {
      // The view loads its data itself, and again for another metric.
      await allowViewCalls(dialog, 'get-cohort-data');
      await expect(view.getByText('M11').first()).toBeVisible();
      await view.getByRole('combobox', { name: 'Metric:' }).selectOption('Active Users');
      await expect
        .poll(async () => (await callsOf(host, 'get-cohort-data')).filter((call) => call.viaView).length)
        .toBeGreaterThanOrEqual(2);
    },
  },
  {
    pkg: 'customer-segmentation',
    args: () => ['--stdio'],
    tool: 'get-customer-data',
    input: () => ({}),
    check: async ({ view, dialog }) => {
      await allowViewCalls(dialog, 'get-customer-data');
      await expect(view.getByText('Hover over a point to see details')).toBeVisible();
      await expect(view.getByText('Enterprise', { exact: true })).toBeVisible();
      // A segment's legend hides it from the chart.
      const enterprise = view.locator('.legend-item', { hasText: 'Enterprise' });
      await expect(enterprise).not.toHaveClass(/hidden/);
      await enterprise.click();
      await expect(enterprise).toHaveClass(/hidden/);
    },
  },
  {
    pkg: 'scenario-modeler',
    args: () => ['--stdio'],
    tool: 'get-scenario-data',
    input: () => ({}),
    check: async ({ view }) => {
      const end = view.getByText('End MRR');
      await expect(end).toBeVisible();
      const summary = view.getByRole('heading', { name: 'Your Scenario' }).locator('..');
      const before = await summary.textContent();
      await view.getByRole('slider').nth(1).fill('10');
      await expect.poll(() => summary.textContent()).not.toBe(before);
    },
  },
  {
    pkg: 'debug',
    args: () => ['--stdio'],
    tool: 'debug-tool',
    input: () => ({}),
    check: async ({ host, view, dialog }) => {
      await allowViewCalls(dialog, 'debug-log');
      await expect(view.getByRole('row', { name: /^ontoolresult ✓ 1 / })).toBeVisible();
      await expect
        .poll(async () => (await callsOf(host, 'debug-log')).filter((call) => call.outcome === 'done').length)
        .toBeGreaterThanOrEqual(1);
    },
  },
  {
    pkg: 'shadertoy',
    args: () => ['--stdio'],
    tool: 'render-shadertoy',
    input: () => ({
      fragmentShader:
        'void mainImage(out vec4 color, in vec2 point) { color = vec4(point.x / iResolution.x, 0.5, 0.2, 1.0); }',
    }),
    check: async ({ view }) => {
      const canvas = view.locator('canvas').first();
      await expect(canvas).toBeVisible();
      expect(await canvas.evaluate((element: HTMLCanvasElement) => element.width)).toBeGreaterThan(0);
    },
  },
  {
    pkg: 'sheet-music',
    args: () => ['--stdio'],
    tool: 'play-sheet-music',
    input: () => ({ abcNotation: 'X:1\nT:Scale\nM:4/4\nL:1/4\nK:C\nC D E F | G A B c |]' }),
    check: async ({ view }) => {
      await expect.poll(() => view.locator('svg .abcjs-note').count()).toBeGreaterThanOrEqual(8);
    },
  },
  {
    pkg: 'threejs',
    args: () => ['--stdio'],
    tool: 'show_threejs_scene',
    input: () => ({
      code:
        'const renderer = new THREE.WebGLRenderer({ canvas }); renderer.setClearColor(0x3366ff);' +
        " renderer.render(new THREE.Scene(), new THREE.PerspectiveCamera()); canvas.dataset.drawn = 'yes';",
      height: 200,
    }),
    check: async ({ view }) => {
      // The scene's code runs in the view (with `new Function`) and draws on its canvas.
      await expect(view.locator('canvas[data-drawn="yes"]')).toBeVisible();
    },
  },
  {
    pkg: 'transcript',
    args: () => ['--stdio'],
    tool: 'transcribe',
    input: () => ({}),
    check: async ({ card, view }) => {
      // It listens only with a microphone, which stays blocked until the person allows it.
      await expect(view.getByRole('button', { name: 'Start' })).toBeVisible();
      await expect(card).toContainText('This view asks for your microphone');
    },
  },
];

for (const app of APPS) {
  test(`${app.pkg}: the view of ${app.tool} renders in its card and responds`, async ({
    page,
    startHost,
  }) => {
    const server = app.pkg.replace(/-/g, '');
    await llm.script([
      { toolCalls: [{ name: `${server}__${app.tool}`, arguments: app.input() }] },
      { text: `Shown by ${app.pkg}.` },
    ]);
    const host = await startHost({
      mcpServers: { [server]: officialServer(app.pkg, ...app.args()) },
      models: modelsConfig(llm),
    });
    await openChat(page, host);
    await send(page, `Show ${app.pkg}`);
    const card = toolCard(page, app.tool);
    await card
      .getByRole('region', { name: `Decision on ${app.tool}` })
      .getByRole('button', { name: 'Allow once' })
      .click();
    await expect(lastAssistant(page)).toContainText(`Shown by ${app.pkg}.`);
    await app.check({ page, host, card, view: viewIn(card, server, app.tool), dialog: viewCallDialog(page) });
  });
}
