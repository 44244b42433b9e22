import type { LookupRows, LookupStatementRunner } from '../../context.js';
import type { PlainStatements } from '../../common/db/plain-statements.js';
import type { CountingStatement, LimitRow } from '../../common/rate-limit/rate-limiter.js';

/** Lookups in one statement at most: a busy evening's arrivals of one moment, and a text PostgreSQL plans quickly. */
const MAX_PER_STATEMENT = 16;
/**
 * Statements of lookups under way at once from this process. Lookups arriving meanwhile wait for the next statement
 * and share it; the lookups also never hold more than this many of the pool's connections.
 */
const IN_FLIGHT = 2;
/** PostgreSQL's code for a transaction it ended to break a deadlock. */
const DEADLOCK_DETECTED = '40P01';

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
 * the same rate-limit bucket never share a statement (PostgreSQL would apply only one of the two updates); the second
 * goes in the next one, so each is counted as if alone. Every value a lookup binds was checked before (a house number
 * within PostgreSQL's integer, digits, bucket keys made by an HMAC), so no lookup's value can fail the statement of the
 * others.
 *
 * Each statement locks its buckets in the order of its lookups: two statements that share two buckets in opposite
 * orders (another instance's, at the same moment) can deadlock, and PostgreSQL then ends one of them. That one is run
 * once more, as nothing of it was written.
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
    try {
      const { sql, params } = batchStatement(batch);
      let rows: BatchRow[];
      try {
        rows = await this.statements.rows<BatchRow>(sql, params);
      } catch (error) {
        if (!isDeadlock(error)) throw error;
        rows = await this.statements.rows<BatchRow>(sql, params);
      }
      const byAttempt = new Map(rows.map((row) => [row.attempt, row]));
      batch.forEach((lookup, index) => {
        const row = byAttempt.get(index);
        if (row) lookup.resolve({ limits: row.limits ?? [], orders: row.orders });
        else lookup.reject(new Error(`The lookup statement returned no row for lookup ${index}`));
      });
    } catch (error) {
      for (const lookup of batch) lookup.reject(error);
    }
  }
}

/** The part of a lookup's statement that varies with it: how many limits it writes, and how it finds orders. */
const shapeOf = (lookup: LookupPart) => `${lookup.limits.writtenKeys.length} ${lookup.found.sql}`;

const compareTexts = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One statement for the batch: every lookup's counting CTEs, then a row per lookup with its limits and orders. */
function batchStatement(batch: readonly LookupPart[]): { sql: string; params: unknown[] } {
  const ctes: string[] = [];
  const selects: string[] = [];
  const countingParams: unknown[] = [];
  const foundParams: unknown[] = [];
  batch.forEach(({ limits, found }, index) => {
    const parts = limits.named(`l${index}_`);
    ctes.push(parts.ctes);
    countingParams.push(...limits.params);
    selects.push(
      `select ${index} as attempt, (select json_agg(counted) from (${parts.select}) as counted) as limits, ${found.sql} as orders`,
    );
    foundParams.push(...found.params);
  });
  return { sql: `with ${ctes.join(', ')} ${selects.join(' union all ')}`, params: [...countingParams, ...foundParams] };
}

function isDeadlock(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === DEADLOCK_DETECTED;
}
