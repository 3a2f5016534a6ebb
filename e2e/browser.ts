// Picks the Chromium the end-to-end tests drive: Playwright's own if installed, else Debian's.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** The executable to launch, or undefined for Playwright's own browser. Throws when there is none. */
export function chromiumExecutable(): string | undefined {
  if (existsSync(chromium.executablePath())) return undefined;
  const system = SYSTEM_CHROMIUM.find((path) => existsSync(path));
  if (system) return system;
  throw new Error(
    'No Chromium found for the end-to-end tests. Install one with `npx playwright install chromium`, ' +
      'or on Debian/Ubuntu `sudo apt-get install -y chromium`.',
  );
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
