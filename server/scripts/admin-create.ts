import { parseArgs } from 'node:util';
import { ensureActiveAdmin } from '../admins/admin-bootstrap.js';
import { PASSWORD_MIN_LENGTH } from '../../shared/staff.js';
import { hasForbiddenNameCharacters, isPlainEmailAddress } from '../../shared/text.js';
import { loadConfig } from '../config.js';
import { createLogger } from '../common/logger.js';
import { runningEmbeddedDatabaseUrl, startEmbeddedPostgres } from '../db/embedded-postgres.js';
import { migrate, openOrm } from '../db/orm.js';

/**
 * `npm run admin:create -- --email E --password P [--firstname F --lastname L]`: makes sure an active
 * admin with this e-mail and password exists, in DATABASE_URL or the embedded database of DATA_DIR
 * (the running server's, or started for the moment).
 */
const usage =
  'Usage: npm run admin:create -- --email <email> --password <password> [--firstname <name>] [--lastname <name>]';
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    firstname: { type: 'string' },
    lastname: { type: 'string' },
  },
});
if (!values.email || !values.password) {
  process.stderr.write(`${usage}\n`);
  process.exit(2);
}
if (!isPlainEmailAddress(values.email.trim().toLowerCase())) {
  process.stderr.write(`"${values.email}" is not one plain e-mail address (name@domain).\n`);
  process.exit(2);
}
if ([values.firstname, values.lastname].some((name) => name !== undefined && hasForbiddenNameCharacters(name))) {
  process.stderr.write('A name may not hold control characters or bidirectional controls.\n');
  process.exit(2);
}
if (values.password.length < PASSWORD_MIN_LENGTH.admin) {
  process.stderr.write(`The password needs at least ${PASSWORD_MIN_LENGTH.admin} characters.\n`);
  process.exit(2);
}

const config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
const logger = createLogger('warn');
const runningUrl = config.databaseUrl ? undefined : await runningEmbeddedDatabaseUrl(config.dataDir);
const embedded =
  config.databaseUrl || runningUrl ? undefined : await startEmbeddedPostgres({ dir: config.dataDir, logger });
const orm = await openOrm({ databaseUrl: config.databaseUrl ?? runningUrl ?? embedded!.url, logger });
try {
  await migrate(orm);
  const outcome = await ensureActiveAdmin(orm.em.fork(), {
    email: values.email,
    password: values.password,
    firstname: values.firstname,
    lastname: values.lastname,
  });
  const said = {
    created: 'created',
    'password-reset': 'password reset',
    activated: 'activated',
    unchanged: 'already up to date',
  };
  process.stdout.write(`Admin ${values.email.toLowerCase()}: ${said[outcome]}.\n`);
} finally {
  await orm.close(true);
  await embedded?.stop();
}
