import { readFileSync } from 'node:fs';

interface PackageJson {
  config?: { serverNodeOptions?: string };
  scripts?: Record<string, string>;
}

/** The built server's entry, relative to the project root. */
const SERVER_ENTRY = 'dist/server/main.js';

/**
 * The Node options `npm start` gives the server (package.json's `config.serverNodeOptions`: the heap's
 * sizes, docs/decisions/performance.md, The server's heap). A server a test or benchmark starts gets the same
 * ones, so it is measured as it runs in production.
 */
export function serverNodeOptions(): string[] {
  const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as PackageJson;
  const options = manifest.config?.serverNodeOptions;
  if (!options) throw new Error('package.json has no config.serverNodeOptions');
  return options.split(/\s+/).filter(Boolean);
}

/** Arguments for `node` that start the built server as `npm start` does. */
export function serverArgs(): string[] {
  return [...serverNodeOptions(), SERVER_ENTRY];
}
