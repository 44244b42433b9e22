import type { MikroORM } from '@mikro-orm/postgresql';
import { pino } from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { MIGRATIONS } from '../../../server/db/migrations/index.js';
import { migrate, openOrm } from '../../../server/db/orm.js';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database.js';

/** Counts the loads of MikroORM's migrator package (the migration files import it too); the real one is used. */
const migratorPackage = vi.hoisted(() => ({ loads: 0 }));
vi.mock('@mikro-orm/migrations', async (importOriginal) => {
  migratorPackage.loads += 1;
  return importOriginal();
});

const opened: { orm: MikroORM; database: TestDatabase }[] = [];

async function ormOn(database: TestDatabase, statements: string[]): Promise<MikroORM> {
  const orm = await openOrm({
    databaseUrl: database.url,
    logger: pino({ level: 'silent' }),
    onQuery: (sql) => statements.push(sql),
  });
  opened.push({ orm, database });
  return orm;
}

afterAll(async () => {
  for (const { orm, database } of opened) {
    await orm.close(true);
    await database.drop();
  }
});

describe('migrations at start', () => {
  // First in this file: the package, once loaded, stays loaded.
  it('a database with every migration applied: one check, and the migrator is never loaded', async () => {
    const statements: string[] = [];
    const orm = await ormOn(await createTestDatabase(), statements);
    expect(await migrate(orm)).toEqual([]);
    expect(migratorPackage.loads).toBe(0);
    expect(statements).toHaveLength(2);
    expect(statements.join('\n')).toContain('mikro_orm_migrations');
  });

  it('an empty database: the migrator is loaded and applies every migration, once', async () => {
    const statements: string[] = [];
    const database = await createTestDatabase({ migrated: false });
    const orm = await ormOn(database, statements);
    const applied = await migrate(orm);
    expect(migratorPackage.loads).toBe(1);
    expect([...applied].sort()).toEqual(MIGRATIONS.map((migration) => migration.name).sort());
    const [orders] = await orm.em
      .getConnection()
      .execute<{ present: boolean }[]>(`select to_regclass('orders') is not null as present`);
    expect(orders?.present).toBe(true);

    statements.length = 0;
    expect(await migrate(orm)).toEqual([]);
    expect(statements).toHaveLength(2);
  });

  it('a database without one migration: that one is applied', async () => {
    const orm = await ormOn(await createTestDatabase(), []);
    const missing = 'Migration20261126161500_order_email_prefix_index';
    const connection = orm.em.getConnection();
    // Its record goes, and what it made: as if this build were the first to carry it.
    await connection.execute(`delete from mikro_orm_migrations where name = ?`, [missing]);
    await connection.execute(`drop index "orders_email_prefix_idx"`);
    expect(await migrate(orm)).toEqual([missing]);
    const [index] = await connection.execute<{ present: boolean }[]>(
      `select to_regclass('orders_email_prefix_idx') is not null as present`,
    );
    expect(index?.present).toBe(true);
  });
});
