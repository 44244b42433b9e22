import { defineConfig } from 'vitest/config';

/** Server and client unit tests; e2e tests have their own config (vitest.e2e.config.ts). */
export default defineConfig({
  resolve: {
    // One copy of graphql: vitest could otherwise load its ESM and CJS builds side by side.
    alias: { graphql: 'graphql/index.js' },
  },
  test: {
    include: ['test/server/**/*.test.ts', 'test/client/**/*.test.ts'],
    globalSetup: ['test/utils/global-database.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default'],
  },
});
