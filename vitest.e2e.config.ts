import { defineConfig } from 'vitest/config';

/** End-to-end tests: the built app (`npm run build`) in a real Chromium. */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    globalSetup: ['test/utils/global-database.ts', 'test/e2e/utils/check-build.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    // A page re-renders after a network answer; on a busy CI machine that can take more than a second.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
