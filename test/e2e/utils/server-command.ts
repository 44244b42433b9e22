import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface PackageJson {
  config?: { serverNodeOptions?: string; serverEnvironment?: string };
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
  return configWords('serverNodeOptions');
}

/**
 * The environment `npm start` gives the server beside the operator's (package.json's `config.serverEnvironment`:
 * glibc's malloc arenas, docs/decisions/performance.md, The server's heap), for a test's or benchmark's server too.
 */
export function serverEnvironment(): Record<string, string> {
  return Object.fromEntries(
    configWords('serverEnvironment').map((word) => {
      const at = word.indexOf('=');
      if (at < 1) throw new Error(`config.serverEnvironment: "${word}" is not NAME=value`);
      return [word.slice(0, at), word.slice(at + 1)];
    }),
  );
}

function configWords(name: 'serverNodeOptions' | 'serverEnvironment'): string[] {
  const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as PackageJson;
  const words = manifest.config?.[name];
  if (!words) throw new Error(`package.json has no config.${name}`);
  return words.split(/\s+/).filter(Boolean);
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
