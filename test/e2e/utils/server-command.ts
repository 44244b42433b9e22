import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface PackageJson {
  config?: { serverNodeOptions?: string };
  scripts?: Record<string, string>;
}

/** The built server's entry, relative to the project root. */
const SERVER_ENTRY = 'dist/server/main.js';

/** What `npm run build:server` makes last (server/scripts/bundle-server.mjs). */
const SERVER_BUNDLE = 'dist/server/server.bundle.js';

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

/** Arguments for `node` that start the built server as `npm start` does, with `extra` options after its own. */
export function serverArgs(extra: readonly string[] = []): string[] {
  return [...serverNodeOptions(), ...extra, SERVER_ENTRY];
}

/** The newest modification time under `dir` (0 when it is missing). */
function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const time = entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

/**
 * Builds the server (`npm run build:server`) when its build is missing or older than its sources, as `npm start`
 * does: a test that starts the built server in a process of its own would otherwise test the code of an earlier
 * build without a word. CI builds it before the tests, so there this only looks.
 */
export function ensureServerBuilt(): void {
  const sources = Math.max(
    newestMtime('server'),
    newestMtime('shared'),
    ...['package.json', 'tsconfig.base.json', 'tsconfig.build.json'].map((file) => statSync(file).mtimeMs),
  );
  // The bundle is made last, and anew on every build (tsc leaves an unchanged module's output as it was).
  const built = existsSync(SERVER_BUNDLE) ? statSync(SERVER_BUNDLE).mtimeMs : 0;
  if (built < sources) execFileSync('npm', ['run', 'build:server', '--silent'], { stdio: 'inherit' });
}
