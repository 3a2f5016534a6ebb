// End-to-end tests: the real renderer in Chromium against the host in browser mode, and Electron where it exists.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './e2e/browser';

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'browser',
      testIgnore: /electron\.spec\.ts/,
      use: {
        browserName: 'chromium',
        launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
      },
    },
    { name: 'electron', testMatch: /electron\.spec\.ts/ },
  ],
});
