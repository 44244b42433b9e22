import 'reflect-metadata';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, MikroORM, type Options } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { ResetLinksCleanup } from '../accounts/reset-links-cleanup.js';
import { ENTITIES } from './entities.js';
import { TijdvakNamingStrategy } from './naming-strategy.js';
import { MIGRATIONS } from './migrations/index.js';

export interface OrmOptions {
  databaseUrl: string;
  logger: Logger;
  /** Called with each SQL statement the ORM runs (tests count statements with it). */
  onQuery?: (sql: string) => void;
  poolSize?: number;
  /** Longest a single statement may run before PostgreSQL cancels it. */
  statementTimeoutMs?: number;
}

export function ormConfig(options: OrmOptions): Options {
  const log = options.logger.child({ component: 'orm' });
  return defineConfig({
    clientUrl: options.databaseUrl,
    entities: ENTITIES,
    // Reactions of one domain to another's writes, inside the writing transaction.
    subscribers: [new ResetLinksCleanup()],
    metadataProvider: ReflectMetadataProvider,
    namingStrategy: TijdvakNamingStrategy,
    extensions: [Migrator],
    discovery: { warnWhenNoEntities: true },
    ensureDatabase: false,
    pool: { min: 0, max: options.poolSize ?? 10, idleTimeoutMillis: 30_000 },
    driverOptions: { statement_timeout: options.statementTimeoutMs ?? 15_000, connectionTimeoutMillis: 5_000 },
    migrations: {
      migrationsList: MIGRATIONS,
      snapshot: false,
      transactional: true,
      allOrNothing: true,
      silent: true,
    },
    debug: options.onQuery ? ['query'] : false,
    logger: (message: string) => {
      if (options.onQuery) options.onQuery(message);
      else log.debug(message);
    },
    colors: false,
  });
}

export async function openOrm(options: OrmOptions): Promise<MikroORM> {
  return MikroORM.init(ormConfig(options));
}

/** Applies every pending migration; the schema is never auto-updated. */
export async function migrate(orm: MikroORM): Promise<string[]> {
  const applied = await orm.migrator.up();
  return applied.map((migration) => migration.name);
}
