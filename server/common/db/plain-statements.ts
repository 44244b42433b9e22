import type { MikroORM } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';

/** Distinct statement texts remembered with their numbered placeholders: the code holds a few dozen. */
const REMEMBERED_TEXTS = 200;

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
 */
export class PlainStatements {
  private readonly texts = new Map<string, string>();

  constructor(
    private readonly pool: Pool,
    private readonly onStatement?: (sql: string) => void,
  ) {}

  static async of(orm: MikroORM, onStatement?: (sql: string) => void): Promise<PlainStatements> {
    return new PlainStatements(await orm.em.getConnection().getNativeClient(), onStatement);
  }

  /** The rows of `sql` (with `?` placeholders, as the ORM takes it); the caller names their shape. */
  async rows<Row>(sql: string, params: readonly unknown[]): Promise<Row[]> {
    const text = this.numbered(sql);
    this.onStatement?.(text);
    const result = await this.pool.query(text, params as unknown[]);
    return result.rows as Row[];
  }

  private numbered(sql: string): string {
    let text = this.texts.get(sql);
    if (text === undefined) {
      text = numberedPlaceholders(sql);
      if (this.texts.size >= REMEMBERED_TEXTS) this.texts.clear();
      this.texts.set(sql, text);
    }
    return text;
  }
}
