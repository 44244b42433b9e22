import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { writeBackup } from '../db/backup.js';
import { runningEmbeddedDatabaseUrl, startEmbeddedPostgres } from '../db/embedded-postgres.js';
import { createLogger } from '../common/logger.js';

/**
 * `npm run backup -- <file>`: saves DATABASE_URL (or the embedded database of DATA_DIR) into <file>, a gzip file
 * of one consistent moment, while the instances keep running (docs/deployment.md, Backups).
 */
const { positionals } = parseArgs({ allowPositionals: true });
if (positionals.length !== 1) {
  process.stderr.write('Usage: npm run backup -- <file>\n');
  process.exit(2);
}
const file = resolve(positionals[0]);
const config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
const logger = createLogger('warn');
const runningUrl = config.databaseUrl ? undefined : await runningEmbeddedDatabaseUrl(config.dataDir);
const embedded =
  config.databaseUrl || runningUrl ? undefined : await startEmbeddedPostgres({ dir: config.dataDir, logger });
try {
  const summary = await writeBackup(config.databaseUrl ?? runningUrl ?? embedded!.url, file);
  process.stdout.write(
    `Saved ${summary.rows} rows of ${summary.tables} tables (migration ${summary.migration}) into ${file}\n`,
  );
} catch (error) {
  process.stderr.write(`The backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await embedded?.stop();
}
