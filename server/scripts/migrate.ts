import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { createLogger } from '../common/logger.js';
import { runningEmbeddedDatabaseUrl, startEmbeddedPostgres } from '../db/embedded-postgres.js';
import { MIGRATION_PRIVILEGES, runMigrations } from '../db/migrate-command.js';

/**
 * `npm run migrate [-- --check]`: applies the pending migrations to DATABASE_URL (or the embedded database of
 * DATA_DIR) and says which; with --check it only lists them, and exits 1 when there are any.
 */
const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
const config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
const logger = createLogger('warn');
const runningUrl = config.databaseUrl ? undefined : await runningEmbeddedDatabaseUrl(config.dataDir);
const embedded =
  config.databaseUrl || runningUrl ? undefined : await startEmbeddedPostgres({ dir: config.dataDir, logger });
try {
  const { pending, applied } = await runMigrations(
    config.databaseUrl ?? runningUrl ?? embedded!.url,
    logger,
    values.check,
  );
  const list = (names: string[]) => names.map((name) => `  ${name}\n`).join('');
  if (pending.length === 0) process.stdout.write('The database is up to date: no migration is pending.\n');
  else if (values.check) process.stdout.write(`${pending.length} migration(s) pending:\n${list(pending)}`);
  else process.stdout.write(`Applied ${applied.length} migration(s):\n${list(applied)}`);
  if (values.check && pending.length > 0) process.exitCode = 1;
} catch (error) {
  process.stderr.write(`Migrating failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.stderr.write(`The database role needs:\n${MIGRATION_PRIVILEGES.map((line) => `  ${line}\n`).join('')}`);
  process.exitCode = 1;
} finally {
  await embedded?.stop();
}
