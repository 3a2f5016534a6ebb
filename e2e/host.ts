// Starts the host in browser mode for one test, with its own config and data folder.
import { rm } from 'node:fs/promises';
import { test as base } from '@playwright/test';
import { type RunningHost, startHost } from './hostProcess';

export { EVERYTHING, fixture, type HostLaunch, type RunningHost, startHost } from './hostProcess';

/** A test with a `startHost` that stops every host it started when the test ends. */
export const test = base.extend<{ startHost: typeof startHost }>({
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

export { expect } from '@playwright/test';
