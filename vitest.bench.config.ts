import { configDefaults, defineConfig } from 'vitest/config';

// PostgreSQL as in production: fsync and synchronous commit on (test/utils/global-database.ts reads it).
process.env.DURABLE_TEST_POSTGRES = '1';

/**
 * `npm run bench`: each benchmark runs ours and a bare baseline side by side, prints the figures
 * with their targets and ratios, and writes bench-results/latest.{json,md}. One file at a time: the
 * figures are only comparable when nothing else runs. The storm (test/bench/storm.bench.ts) takes many minutes
 * and a machine of its own: only `npm run bench:storm` runs it.
 */
export default defineConfig({
  resolve: { alias: { graphql: 'graphql/index.js' } },
  test: {
    include: ['test/bench/**/*.bench.ts'],
    exclude: process.env.STORM_BENCH
      ? configDefaults.exclude
      : [...configDefaults.exclude, 'test/bench/storm.bench.ts'],
    globalSetup: ['test/utils/global-database.ts', 'test/e2e/utils/check-build.ts', 'test/bench/utils/summary.ts'],
    testTimeout: 30 * 60_000,
    hookTimeout: 10 * 60_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
