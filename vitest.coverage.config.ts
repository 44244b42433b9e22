import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * `npm run test:coverage`, which CI runs: the suite of vitest.config.ts, measuring which lines of the server,
 * the shared rules and the client's logic modules it runs. The client's screens (`.tsx`) are left out: the
 * end-to-end tests exercise them in a real browser, which this does not measure, so counting them would only make
 * the figure fall whenever a screen is added. The floor below fails the run when coverage drops under it. V8's block counters slow every hot loop, libraries included, about threefold: the
 * liveness timeouts are wider here, and the 100 000-row volume test, whose point is time and memory, runs on
 * its own without coverage (the script runs it right after).
 */
export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [...configDefaults.exclude, 'test/server/import-export/import-export-volume.test.ts'],
      testTimeout: 120_000,
      hookTimeout: 180_000,
      coverage: {
        enabled: true,
        provider: 'v8',
        include: ['server/**/*.ts', 'shared/**/*.ts', 'client/src/**/*.ts'],
        // React hooks (`use*.ts`) are the screens' state and effects, split out of them: they run only in a page,
        // where the end-to-end tests exercise them, like the screens themselves.
        exclude: ['client/src/gql/**', 'client/src/consumer/gql/**', '**/*.d.ts', 'client/src/**/use[A-Z]*.ts'],
        reporter: ['text-summary', 'json-summary', 'html'],
        reportOnFailure: true,
        // A little under the figures measured when the floor was set (README, "Tests"), so that it catches a
        // drop, not noise.
        thresholds: { statements: 83, branches: 76, functions: 83, lines: 85 },
      },
    },
  }),
);
