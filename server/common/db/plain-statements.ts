import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Pool, PoolClient } from 'pg';

/** Distinct statement texts remembered with their numbered placeholders: the code holds a few dozen. */
const REMEMBERED_TEXTS = 200;

/** A statement as `pg` takes it: named, it is parsed and planned once per connection. */
interface StatementConfig {
  text: string;
  name?: string;
}

/**
 * A statement of a busy call with values it may run with at any moment, changing nothing and finding nothing (nulls):
 * what `prepareOn` runs on each of the pool's connections at the start.
 */
export interface StatementSample {
  sql: string;
  params: readonly unknown[];
}

/**
 * The ORM's `?` placeholders as PostgreSQL's `$1`, `$2`, … (none of our statements holds a `?` inside a quoted
 * literal or an operator; a quoted literal is skipped all the same).
 */
export function numberedPlaceholders(sql: string): string {
  let numbered = '';
  let count = 0;
  let quoted = false;
  for (const character of sql) {
    if (character === "'") quoted = !quoted;
    numbered += character === '?' && !quoted ? `$${++count}` : character;
  }
  return numbered;
}

/**
 * Statements run straight on the ORM's `pg` pool, with their values sent as bind parameters: for the busiest
 * read-mostly calls (the consumer lookup, the technician's schedule), which take plain rows and no entities. The
 * ORM's path formats each value into the text, compiles it for its query builder and logs it, about a tenth of a
 * lookup's CPU. Same pool, so the same size, connection timeout and statement timeout; the statement is reported
 * to the ORM's query listener as any other, so tests can count it.
 *
 * With `prepared`, each statement has a name: PostgreSQL parses and plans its long text once per connection instead
 * of on every call (the lookup benchmark's REST calls went from 1 058 to 1 283 a second). The names are `tijdvak_`
 * and a number, given in the order texts are first seen; they stay valid while the process lives, as the texts are
 * fixed strings of the code.
 */
export class PlainStatements {
  private readonly statements = new Map<string, StatementConfig>();
  private named = 0;
  // Fields spelled out, not as parameter properties: the webhook sender's worker thread loads this module under
  // Node's type stripping in the tests, which refuses them.
  private readonly pool: Pool;
  private readonly options: { prepared: boolean; onStatement?: (sql: string) => void };

  constructor(pool: Pool, options: { prepared: boolean; onStatement?: (sql: string) => void }) {
    this.pool = pool;
    this.options = options;
  }

  static async of(
    orm: MikroORM,
    options: { prepared: boolean; onStatement?: (sql: string) => void },
  ): Promise<PlainStatements> {
    return new PlainStatements(await orm.em.getConnection().getNativeClient(), options);
  }

  /** The rows of `sql` (with `?` placeholders, as the ORM takes it); the caller names their shape. */
  async rows<Row>(sql: string, params: readonly unknown[]): Promise<Row[]> {
    const statement = this.statementOf(sql);
    this.options.onStatement?.(statement.text);
    const result = await this.pool.query({ ...statement, values: params as unknown[] });
    return result.rows as Row[];
  }

  /**
   * Runs each sample on `client`, a connection of the pool its caller holds: a named statement is parsed and planned
   * there, and PostgreSQL's process behind it has read the descriptions of the tables its plan needs. On a connection
   * that never ran it, a statement's first run took 16-29 ms: twenty technicians' photos arriving at once after a
   * start each checked their session that slowly, and held the pool's connections while consumers' lookups waited.
   */
  async prepareOn(client: PoolClient, samples: readonly StatementSample[]): Promise<void> {
    for (const { sql, params } of samples) await client.query({ ...this.statementOf(sql), values: [...params] });
  }

  private statementOf(sql: string): StatementConfig {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      const text = numberedPlaceholders(sql);
      // Never cleared: a name must keep meaning one text on every connection that prepared it.
      if (this.statements.size >= REMEMBERED_TEXTS) return { text };
      statement = this.options.prepared ? { text, name: `tijdvak_${++this.named}` } : { text };
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

/** Runs one statement on a `pg` client or pool with its values as bind parameters; `?` placeholders as the ORM's. */
export type PlainQuery = <Row>(sql: string, params: readonly unknown[]) => Promise<Row[]>;

/** `plainQuery` on a `pg` client or pool of the caller's own (the webhook sender's worker thread has one). */
export const plainQueryOn =
  (client: Pick<Pool, 'query'>): PlainQuery =>
  async <Row>(sql: string, params: readonly unknown[]) =>
    (await client.query({ text: numberedPlaceholders(sql), values: params as unknown[] })).rows as Row[];

/**
 * Statements on the ORM's `pg` pool with bind parameters, for bulk work (the webhooks' dispatcher and sender): the
 * ORM's path copies every value into the text character by character in JavaScript, which for a batch of event
 * bodies holds the event loop for hundreds of milliseconds while the API's requests wait.
 */
export async function plainQuery(em: EntityManager): Promise<PlainQuery> {
  return plainQueryOn(await em.getConnection().getNativeClient());
}

/** The ORM's `pg` pool itself (the webhook sender's statements take a pool: in its thread, one of its own). */
export async function ormPool(em: EntityManager): Promise<Pool> {
  return em.getConnection().getNativeClient();
}

/** `work` in one transaction on one connection of a `pg` pool, with bind parameters (see `plainQuery`). */
export async function plainTransactionOn<T>(
  pool: Pick<Pool, 'connect'>,
  work: (query: PlainQuery) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('begin');
    const result = await work(plainQueryOn(client));
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => (broken = true));
    throw error;
  } finally {
    // A connection whose rollback failed is closed, not handed out again in the middle of a transaction.
    client.release(broken);
  }
}
