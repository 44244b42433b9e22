import 'reflect-metadata';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { defineConfig, MikroORM, type Options } from '@mikro-orm/postgresql';
import type { PoolClient } from 'pg';
import type { Logger } from 'pino';
import { ResetLinksCleanup } from '../accounts/index.js';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';
import { TijdvakNamingStrategy } from './naming-strategy.js';

export interface OrmOptions {
  databaseUrl: string;
  logger: Logger;
  /** Called with each SQL statement the ORM runs (tests count statements with it). */
  onQuery?: (sql: string) => void;
  poolSize?: number;
  /** Longest a single statement may run before PostgreSQL cancels it. */
  statementTimeoutMs?: number;
}

/** MikroORM's record of the migrations it applied (its default table). */
export const MIGRATIONS_TABLE = 'mikro_orm_migrations';

export function ormConfig(options: OrmOptions): Options {
  const log = options.logger.child({ component: 'orm' });
  return defineConfig({
    clientUrl: options.databaseUrl,
    entities: ENTITIES,
    // Reactions of one domain to another's writes, inside the writing transaction.
    subscribers: [new ResetLinksCleanup()],
    metadataProvider: ReflectMetadataProvider,
    namingStrategy: TijdvakNamingStrategy,
    discovery: { warnWhenNoEntities: true },
    ensureDatabase: false,
    // Every connection is kept, once opened (openPoolConnections opens them at the start).
    pool: { min: options.poolSize ?? 10, max: options.poolSize ?? 10, idleTimeoutMillis: 30_000 },
    driverOptions: {
      // MikroORM takes only host, port, user, password and database from clientUrl; given the whole URL, pg also
      // reads its TLS settings (sslmode, sslrootcert), as the job queue and the change listener do.
      connectionString: options.databaseUrl,
      statement_timeout: options.statementTimeoutMs ?? 15_000,
      connectionTimeoutMillis: 5_000,
    },
    // The migrator and the migrations themselves are loaded by `migrate`, only when one is pending.
    migrations: { tableName: MIGRATIONS_TABLE, snapshot: false, transactional: true, allOrNothing: true, silent: true },
    debug: options.onQuery ? ['query'] : false,
    logger: (message: string) => {
      if (options.onQuery) options.onQuery(message);
      else log.debug(message);
    },
    colors: false,
  });
}

/**
 * The ORM with its entities' metadata, not yet connected (it connects at its first statement): it can be
 * made while PostgreSQL still starts. Made with the constructor, not `MikroORM.init`, which would load every
 * optional extension it finds installed, the migrator among them.
 */
export async function openOrm(options: OrmOptions): Promise<MikroORM> {
  return new MikroORM(ormConfig(options));
}

/**
 * Opens the pool's every connection before the server takes requests; the pool keeps them (its minimum is its
 * size). Otherwise a burst after a quiet spell (twenty technicians' photos at once) opened eight connections at once
 * (a process each in PostgreSQL; TLS and SCRAM through PgBouncer), and the consumers' lookups waited behind them in
 * the pool (measured: 0.3-0.5 s). A connection refused now is opened later, when a statement needs it.
 */
export async function openPoolConnections(orm: MikroORM): Promise<void> {
  const pool = await orm.em.getConnection().getNativeClient();
  const size = orm.config.get('pool')?.max ?? 0;
  const opened = await Promise.allSettled(Array.from({ length: size }, () => pool.connect()));
  for (const connection of opened) if (connection.status === 'fulfilled') connection.value.release();
}

/**
 * Runs `prepare` on each connection the pool holds open, holding them all meanwhile: for the start only, before the
 * server takes requests (nothing else waits for a connection then). A preparation that fails fails the start.
 */
export async function prepareOpenConnections(
  orm: MikroORM,
  prepare: (connection: PoolClient) => Promise<void>,
): Promise<void> {
  const pool = await orm.em.getConnection().getNativeClient();
  const connections = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
  try {
    await Promise.all(connections.map(prepare));
  } finally {
    for (const connection of connections) connection.release();
  }
}

/** The migrations of this build the database has not applied yet (all of them when it has none). */
export async function pendingMigrationNames(orm: MikroORM): Promise<string[]> {
  const known = MIGRATIONS.map((migration) => migration.name);
  const connection = orm.em.getConnection();
  const [table] = await connection.execute<{ present: boolean }[]>(`select to_regclass(?) is not null as present`, [
    MIGRATIONS_TABLE,
  ]);
  if (!table?.present) return known;
  const rows = await connection.execute<{ name: string }[]>(`select name from ${MIGRATIONS_TABLE}`);
  // MikroORM records a name without its file's extension, but older records may carry one.
  const applied = new Set(rows.map((row) => row.name.replace(/\.(?:js|ts)$/, '')));
  return known.filter((name) => !applied.has(name));
}

/**
 * Applies every pending migration (or those up to `to`, which a restore asks for); the schema is never
 * auto-updated. The migrator and the migrations take a third of a second to load: two small queries first tell
 * whether anything is pending, and they load only then.
 */
export async function migrate(orm: MikroORM, to?: string): Promise<string[]> {
  const pending = await pendingMigrationNames(orm);
  if ((to === undefined ? pending : pending.slice(0, pending.indexOf(to) + 1)).length === 0) return [];
  const [{ Migrator }, migrationsList] = await Promise.all([
    import('@mikro-orm/migrations'),
    Promise.all(MIGRATIONS.map(async ({ name, load }) => ({ name, class: await load() }))),
  ]);
  orm.config.set('migrations', { ...orm.config.get('migrations'), migrationsList });
  const applied = await new Migrator(orm.em).up(to === undefined ? undefined : { to });
  return applied.map((migration) => migration.name);
}
