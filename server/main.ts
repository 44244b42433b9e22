import { existsSync, statSync } from 'node:fs';
// The default export, not named imports: on an older Node a missing name would fail before the version check runs.
import nodeModule from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inspect } from 'node:util';
import type { AppConfig } from './config.js';
import type { DatabaseStart, RunningServer, StartOptions } from './server.js';

export type { RunningServer, StartOptions } from './server.js';

/** The oldest Node.js the server runs on; package.json's `engines` says the same (a test holds them together). */
export const REQUIRED_NODE_MAJOR = 24;

/** Why this Node.js cannot run the server, or nothing when it can. */
export function unsupportedNodeMessage(version: string): string | undefined {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1] ?? 0);
  if (major >= REQUIRED_NODE_MAJOR) return undefined;
  return (
    `Tijdvak needs Node.js ${REQUIRED_NODE_MAJOR} or later, and this is Node.js ${version}. ` +
    `Start it with \`npm start\` (which uses the Node.js the project installs), or with a Node.js ${REQUIRED_NODE_MAJOR}.`
  );
}

/**
 * The bundle `npm run build:server` makes of server.ts and every module and package it imports, beside this file
 * (server/scripts/bundle-server.mjs), when it is current: without one (the tests run the sources, `npm run dev` its
 * modules) or with one older than tsc's build record (`tsc` run alone since: tsconfig.build.json's
 * tsBuildInfoFile), the modules themselves are the current code.
 */
export function currentBundle(directory: URL): URL | undefined {
  const bundle = new URL('server.bundle.js', directory);
  const buildRecord = new URL('../.tsbuildinfo-server', directory);
  if (!existsSync(bundle)) return undefined;
  return existsSync(buildRecord) && statSync(buildRecord).mtimeMs > statSync(bundle).mtimeMs ? undefined : bundle;
}

async function loadServer(): Promise<typeof import('./server.js')> {
  const bundle = currentBundle(new URL('./', import.meta.url));
  return bundle ? ((await import(bundle.href)) as typeof import('./server.js')) : import('./server.js');
}

/**
 * Starts the database first and loads the rest of the server while it boots: PostgreSQL starts (or is created) in
 * processes of its own, and loading the server's modules is most of what this process does before it can serve.
 * Only Node's own modules are imported above, so that the compile cache is on before anything else loads; then what
 * launching PostgreSQL needs, and the rest (server.ts and all it imports) after that.
 */
export async function startServer(config: AppConfig, options: StartOptions = {}): Promise<RunningServer> {
  const [{ createLogger }, { launchEmbeddedPostgres }] = await Promise.all([
    import('./common/logger.js'),
    import('./db/embedded-postgres.js'),
  ]);
  const logger = options.logger ?? createLogger(config.logLevel);
  let database: DatabaseStart;
  if (config.databaseUrl) {
    database = {
      url: config.databaseUrl,
      listenUrl: config.databaseListenUrl ?? config.databaseUrl,
      started: Promise.resolve(undefined),
    };
  } else {
    const embedded = await launchEmbeddedPostgres({ dir: config.dataDir, logger });
    database = { url: embedded.url, listenUrl: embedded.url, started: embedded.started };
  }
  let server: typeof import('./server.js');
  try {
    server = await loadServer();
  } catch (error) {
    // From here on runServer stops the cluster when the start fails; a module that fails to load leaves it to us.
    const cluster = await database.started.catch(() => undefined);
    await cluster?.stop().catch(() => undefined);
    throw error;
  }
  return server.runServer(config, logger, database, { ...options, logger });
}

/**
 * Node's cache of compiled code, beside the installed packages: a start after the first compiles little. Node uses an
 * entry only for the very source it was made from, so every instance, DATA_DIR and build of this installation shares
 * one cache; where node_modules cannot be written the cache stays off and nothing else changes. NODE_COMPILE_CACHE,
 * when set, wins (Node enabled it before this file ran); NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
function useCompileCache(): void {
  const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
  nodeModule.enableCompileCache(join(projectRoot, 'node_modules', '.cache', 'tijdvak-compile'));
}

async function main(): Promise<void> {
  const { loadConfig } = await import('./config.js');
  const config = loadConfig();
  const server = await startServer(config);
  // Written now, with every module of the start compiled, not only at exit (a killed process never gets there).
  nodeModule.flushCompileCache();
  if (server.demoLogins) {
    const { printDemoLogins } = await loadServer();
    printDemoLogins(server.demoLogins, server.url, join(config.dataDir, 'outbox'));
  }
  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) process.exit(1);
    server.services.logger.info({ signal }, 'signal received');
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        server.services.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const unsupported = unsupportedNodeMessage(process.versions.node);
  if (unsupported) {
    process.stderr.write(`${unsupported}\n`);
    process.exit(1);
  }
  useCompileCache();
  main().catch((error: unknown) => {
    process.stderr.write(`Tijdvak could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    if (error instanceof Error && error.cause) {
      const cause = error.cause instanceof Error ? error.cause.message : inspect(error.cause);
      process.stderr.write(`  cause: ${cause}\n`);
    }
    process.exit(1);
  });
}
