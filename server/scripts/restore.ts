import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { restoreBackup } from '../db/backup.js';
import { runningEmbeddedDatabaseUrl, startEmbeddedPostgres } from '../db/embedded-postgres.js';
import { createLogger } from '../common/logger.js';

/**
 * `npm run restore -- <file> [--replace]`: restores a file of `npm run backup` into DATABASE_URL (or the embedded
 * database of DATA_DIR), which must be empty unless --replace is given. Stop the instances first.
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { replace: { type: 'boolean', default: false } },
});
if (positionals.length !== 1) {
  process.stderr.write('Usage: npm run restore -- <file> [--replace]\n');
  process.exit(2);
}
const file = resolve(positionals[0]);
const config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
const logger = createLogger('warn');
const runningUrl = config.databaseUrl ? undefined : await runningEmbeddedDatabaseUrl(config.dataDir);
const embedded =
  config.databaseUrl || runningUrl ? undefined : await startEmbeddedPostgres({ dir: config.dataDir, logger });
try {
  const summary = await restoreBackup(config.databaseUrl ?? runningUrl ?? embedded!.url, file, {
    logger,
    replace: values.replace,
  });
  process.stdout.write(
    `Restored ${summary.rows} rows of ${summary.tables} tables (migration ${summary.migration}) from ${file}\n`,
  );
} catch (error) {
  process.stderr.write(`The restore failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await embedded?.stop();
}
