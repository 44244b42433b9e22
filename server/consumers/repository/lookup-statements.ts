import type { LookupRows, LookupStatementRunner } from '../../context.js';
import type { PlainStatements } from '../../common/db/plain-statements.js';
import { countingOf, type CountingStatement, type LimitRow } from '../../common/rate-limit/rate-limiter.js';

/** Lookups in one statement at most: a busy evening's arrivals of one moment, and a text PostgreSQL plans quickly. */
const MAX_PER_STATEMENT = 16;
/**
 * Statements of lookups under way at once from this process. Lookups arriving meanwhile wait for the next statement
 * and share it; the lookups also never hold more than this many of the pool's connections.
 */
const IN_FLIGHT = 2;
/**
 * Classes of PostgreSQL's error codes that say the database could not be reached or is going away
 * (connection exception, operator intervention): every lookup alone would fail alike.
 */
const UNREACHABLE = /^(08|57P)/;

/** What one lookup asks: the counting of its limits and the scalar subquery of the orders it finds. */
interface LookupPart {
  limits: CountingStatement;
  found: { sql: string; params: readonly unknown[] };
}

interface Waiting extends LookupPart {
  resolve(rows: LookupRows): void;
  reject(error: unknown): void;
}

interface BatchRow {
  attempt: number;
  limits: LimitRow[] | null;
  orders: unknown;
}

/**
 * Runs consumer lookups, several in one statement when they arrive together: a socket write to PostgreSQL and back
 * is a large share of a lookup's CPU on both sides, and one statement then counts the limits and reads the orders of
 * all of them. A lookup alone goes out at once (after the event loop's current turn, so the lookups read from other
 * connections in that turn join it); while statements are under way, the next ones gather. Two lookups that write
 * the same rate-limit bucket never share a statement: the second goes in the next one, so each is counted as if alone
 * (its refusal judged on its own statement's count). Every value a lookup binds was checked before (a house number
 * within PostgreSQL's integer, digits, bucket keys made by an HMAC), so no lookup's value can fail the statement of the
 * others.
 *
 * The statement locks its buckets in the one order every statement that writes them shares (`countingOf`), so two
 * statements (this instance's or another's) cannot deadlock, whatever lookups they hold. Should a statement fail all
 * the same, each of its lookups is run again alone (nothing of the statement was written): one lookup's failure
 * stays its own.
 */
export class LookupStatements implements LookupStatementRunner {
  private waiting: Waiting[] = [];
  private inFlight = 0;
  private sendQueued = false;

  constructor(private readonly statements: PlainStatements) {}

  run(limits: CountingStatement, found: LookupPart['found']): Promise<LookupRows> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ limits, found, resolve, reject });
      this.queueSend();
    });
  }

  private queueSend(): void {
    if (this.sendQueued || this.inFlight >= IN_FLIGHT || this.waiting.length === 0) return;
    this.sendQueued = true;
    setImmediate(() => {
      this.sendQueued = false;
      while (this.inFlight < IN_FLIGHT && this.waiting.length > 0) {
        const batch = this.takeBatch();
        this.inFlight++;
        void this.answer(batch).finally(() => {
          this.inFlight--;
          this.queueSend();
        });
      }
    });
  }

  /** The waiting lookups that go together, oldest first; one whose bucket another takes waits for the next. */
  private takeBatch(): Waiting[] {
    const batch: Waiting[] = [];
    const left: Waiting[] = [];
    const keys = new Set<string>();
    for (const lookup of this.waiting) {
      if (batch.length < MAX_PER_STATEMENT && lookup.limits.writtenKeys.every((key) => !keys.has(key))) {
        batch.push(lookup);
        for (const key of lookup.limits.writtenKeys) keys.add(key);
      } else {
        left.push(lookup);
      }
    }
    this.waiting = left;
    // Lookups of the same shape side by side: the statement's text depends only on how many of each shape it holds,
    // so the few texts that occur are prepared once per connection.
    const shapes = new Map(batch.map((lookup) => [lookup, shapeOf(lookup)]));
    return batch.sort((a, b) => compareTexts(shapes.get(a)!, shapes.get(b)!));
  }

  /** Settles every lookup of the batch, whatever happens; never rejects. */
  private async answer(batch: readonly Waiting[]): Promise<void> {
    let rows: BatchRow[];
    try {
      const { sql, params } = batchStatement(batch);
      rows = await this.statements.rows<BatchRow>(sql, params).catch((error: unknown) => {
        throw new StatementFailure(error);
      });
    } catch (error) {
      const cause = error instanceof StatementFailure ? error.cause : error;
      // Alone, each lookup gets its own answer or its own failure; only a database out of reach fails them all alike.
      if (batch.length > 1 && !(error instanceof StatementFailure && isUnreachable(cause))) {
        // One after the other, in this statement's place: the lookups keep to their share of the pool.
        for (const lookup of batch) await this.answer([lookup]);
      } else {
        for (const lookup of batch) lookup.reject(cause);
      }
      return;
    }
    const byAttempt = new Map(rows.map((row) => [row.attempt, row]));
    batch.forEach((lookup, index) => {
      const row = byAttempt.get(index);
      if (row) lookup.resolve({ limits: row.limits ?? [], orders: row.orders });
      else lookup.reject(new Error(`The lookup statement returned no row for lookup ${index}`));
    });
  }
}

/** The part of a lookup's statement that varies with it: how it finds orders (its limits are bound as values). */
const shapeOf = (lookup: LookupPart) => lookup.found.sql;

const compareTexts = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * One statement for the batch: the limits of every lookup counted by one call (in the buckets' lock order), then a
 * row per lookup with its limits and orders. The counting is materialized: it runs once, whichever rows read it.
 */
function batchStatement(batch: readonly LookupPart[]): { sql: string; params: unknown[] } {
  const counting = countingOf(batch.map(({ limits }) => limits));
  const selects: string[] = [];
  const foundParams: unknown[] = [];
  batch.forEach(({ found }, index) => {
    selects.push(
      `select ${index} as attempt, (select json_agg(json_build_object('step', c.step, 'hits', c.hits, ` +
        `'window_ends_at', c.window_ends_at)) from counted_limits c where c.attempt = ${index}) as limits, ` +
        `${found.sql} as orders`,
    );
    foundParams.push(...found.params);
  });
  return {
    sql: `with counted_limits as materialized (select counted.* from ${counting.from}) ${selects.join(' union all ')}`,
    params: [...counting.params, ...foundParams],
  };
}

/** A failure of the statement sent, as against one of making it. */
class StatementFailure extends Error {
  constructor(override readonly cause: unknown) {
    super('The lookup statement failed', { cause });
  }
}

/**
 * Whether the statement failed for want of a database rather than for anything in it: PostgreSQL answered with a
 * code of a connection or shutdown class, or did not answer at all (a connection or pool failure carries no
 * five-character code of PostgreSQL's).
 */
function isUnreachable(error: unknown): boolean {
  const code =
    typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
      ? error.code
      : undefined;
  return code === undefined || !/^[0-9A-Z]{5}$/.test(code) || UNREACHABLE.test(code);
}
