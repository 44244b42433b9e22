import { defineConfig } from 'vitest/config';

/** Benchmarks (`npm run bench`): timings are reported, never asserted; one file at a time on a quiet machine. */
export default defineConfig({
  resolve: {
    alias: { graphql: 'graphql/index.js' },
  },
  test: {
    include: [],
    benchmark: { enabled: true, include: ['test/bench/**/*.bench.ts'] },
    globalSetup: ['test/utils/global-database.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
