import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'client/src/gql/**',
      'client/src/consumer/gql/**',
      'server/legacy/legacy-operations.generated.ts',
      'data/**',
      'bench-results/**',
      'test-artifacts/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs', '**/*.js'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unsafe-function-type': 'off',
      'no-console': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
  {
    // Type-aware rules (the compiler's view of each file): promises nobody awaits or handles, promises
    // passed where a callback's result is ignored, awaits of non-promises, values typed `any`.
    files: ['server/**/*.ts', 'shared/**/*.ts', 'client/**/*.{ts,tsx}', 'test/**/*.ts'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // `async` without `await` is how we meet interfaces that want a promise (Apollo plugin hooks,
      // MikroORM migrations, import row rules whose prepare step may read the database).
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // vitest types its asymmetric matchers (`expect.any(Number)`) as `any`; they only live inside expectations.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    // Statements live in repositories: each domain's `repository/` folder owns the SQL (and query builders) on its
    // tables, with typed rows, and the services keep the rules (docs/decisions/architecture.md). A raw statement
    // anywhere else is refused, so a rule and its query cannot drift apart again. Allowed beside the repositories:
    // server/common (the storage layer itself: rate limiter, change notices, job queue, list queries) and server/db
    // (migrations, the embedded server). The files listed below are the storage layer of their domain or are being
    // changed elsewhere; see the same decisions file for why each stays.
    files: ['server/**/*.ts'],
    ignores: [
      'server/common/**',
      'server/db/**',
      'server/**/repository/**',
      // The import pipeline: a staging table, its COPY and the claim of a job are the import's own storage layer.
      'server/imports/import-staging.ts',
      'server/imports/import-claim.ts',
      'server/imports/order-row-rules.ts',
      // The export streams its rows with COPY under its own statement timeout on one connection.
      'server/exports/orders-csv.ts',
      // The consumer lookup, one of the busiest statements, runs on the pg pool directly
      // (server/common/db/plain-statements.ts), beside the statements of its domain.
      'server/consumers/consumer.service.ts',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['execute', 'getConnection', 'createQueryBuilder', 'getKysely', 'plainStatements'].map((property) => ({
          property,
          message: "SQL belongs in the domain's repository/ folder (docs/decisions/architecture.md).",
        })),
      ],
    },
  },
  {
    // Decorated classes need runtime imports for emitDecoratorMetadata.
    files: ['server/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
);
