// Vitest setup for host-code tests: real child processes, one fork per file.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20000,
    pool: 'forks',
  },
});
