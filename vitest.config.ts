// Vitest setup for host-code tests: real child processes, one fork per file.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20000,
    pool: 'forks',
    // The page's English catalogue, for tests of the page's words (it loads before the page's first render too).
    setupFiles: ['test/setup/english.ts'],
  },
});
