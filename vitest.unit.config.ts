import { defineConfig } from 'vitest/config';

/** The pure tests (rules, parsers, formatting, the client's logic): no database, no server, seconds. */
export default defineConfig({
  resolve: {
    // One copy of graphql: vitest could otherwise load its ESM and CJS builds side by side.
    alias: { graphql: 'graphql/index.js' },
  },
  test: {
    include: ['test/server/unit/**/*.test.ts', 'test/client/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
  },
});
