import { createHmac } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { RateLimitName, RateLimitRule } from '../../config.js';
import type { Clock } from '../clock.js';
import { AppError } from '../errors/app-error.js';
import { CommonError } from '../errors/common.errors.js';
import type { MessageKey } from '../i18n/translate.js';

/** One limit to count an attempt against: its name and whose attempts (an address, an account, …). */
export interface RateLimitStep {
  name: RateLimitName;
  key: string;
  /** The text of the refusal when this limit refuses, if it should say more than "too many attempts". */
  message?: MessageKey;
}

/** A limit's counter after this attempt; `window_ends_at` is a string when read back from JSON. */
export interface LimitRow {
  step: number;
  hits: number;
  window_ends_at: Date | string;
}

/** See `RateLimiter.counting`. */
export interface CountingStatement {
  ctes: string;
  select: string;
  params: unknown[];
  judge(rows: readonly LimitRow[]): void;
}

const consumeSqlBySteps = new Map<number, { ctes: string; select: string }>();

/**
 * Fixed-window upserts chained in data-modifying CTEs: step i is written only when step i - 1 came out
 * within its budget (its row exists and `hits <= points`), so a refused step leaves the later ones
 * untouched. Keys of different steps never collide (they start with the limit's name).
 */
function consumeSql(stepCount: number): { ctes: string; select: string } {
  let sql = consumeSqlBySteps.get(stepCount);
  if (sql) return sql;
  const steps = Array.from({ length: stepCount }, (_, index) => {
    const source =
      index === 0
        ? 'values (?::varchar, 1, ?::timestamptz)'
        : `select ?::varchar, 1, ?::timestamptz from step${index - 1} where step${index - 1}.hits <= ?::int`;
    return `step${index} as (
      insert into rate_limit_buckets as b (key, hits, window_ends_at) ${source}
      on conflict (key) do update set
        hits = case when b.window_ends_at <= ?::timestamptz then 1 else b.hits + 1 end,
        window_ends_at = case when b.window_ends_at <= ?::timestamptz then excluded.window_ends_at else b.window_ends_at end
      returning hits, window_ends_at)`;
  });
  sql = {
    ctes: steps.join(', '),
    select: steps
      .map((_, index) => `select ${index} as step, hits, window_ends_at from step${index}`)
      .join(' union all '),
  };
  consumeSqlBySteps.set(stepCount, sql);
  return sql;
}

/**
 * Fixed-window counters in PostgreSQL, so every server process sharing the database shares the
 * limits. Keys are HMAC'd: the table never holds addresses, e-mail addresses or IPs in clear.
 */
export class RateLimiter {
  constructor(
    private readonly orm: MikroORM,
    private readonly rules: Record<RateLimitName, RateLimitRule>,
    private readonly clock: Clock,
    private readonly keySecret: string,
    /** Told the name of every limit that refuses an attempt (the metrics count them). */
    private readonly onRefused: (name: RateLimitName) => void = () => undefined,
  ) {}

  private bucketKey(name: RateLimitName, key: string): string {
    return `${name}:${createHmac('sha256', this.keySecret).update(key).digest('base64url')}`;
  }

  /** Counts one attempt; throws RATE_LIMITED once the window's budget is spent. */
  consume(name: RateLimitName, key: string): Promise<void> {
    return this.consumeAll([{ name, key }]);
  }

  /**
   * Counts one attempt against several limits in order, in one statement (one round trip): each limit
   * counts only while the ones before it are within their budget, as separate `consume` calls in that
   * order would. Throws RATE_LIMITED for the first limit whose budget is spent.
   */
  async consumeAll(steps: readonly RateLimitStep[]): Promise<void> {
    if (steps.length === 0) return;
    const statement = this.counting(steps);
    const rows = await this.orm.em
      .getConnection()
      .execute<LimitRow[]>(`with ${statement.ctes} ${statement.select}`, statement.params);
    statement.judge(rows);
  }

  /**
   * The counting of `consumeAll` as parts of a larger statement, so a caller can read what it needs in the same
   * round trip: `ctes` (to follow `with`), `select` (the limits' rows; as a scalar subquery use
   * `json_agg` over it), their `params` (in that order, before the caller's own), and `judge`, which throws
   * RATE_LIMITED as `consumeAll` does when given the rows of `select`.
   */
  counting(steps: readonly RateLimitStep[]): CountingStatement {
    const now = this.clock.now();
    const params: unknown[] = [];
    steps.forEach(({ name, key }, index) => {
      params.push(this.bucketKey(name, key), new Date(now.getTime() + this.rules[name].windowSeconds * 1000));
      if (index > 0) params.push(this.rules[steps[index - 1].name].points);
      params.push(now, now);
    });
    const { ctes, select } = consumeSql(steps.length);
    return { ctes, select, params, judge: (rows) => this.judge(steps, rows, now) };
  }

  private judge(steps: readonly RateLimitStep[], rows: readonly LimitRow[], now: Date): void {
    for (const row of [...rows].sort((a, b) => a.step - b.step)) {
      if (row.hits <= this.rules[steps[row.step].name].points) continue;
      this.onRefused(steps[row.step].name);
      const retryAfterSeconds = Math.max(1, Math.ceil((new Date(row.window_ends_at).getTime() - now.getTime()) / 1000));
      throw new AppError(CommonError.RATE_LIMITED, {
        message: steps[row.step].message,
        params: { minutes: Math.ceil(retryAfterSeconds / 60) },
        data: { retryAfterSeconds },
      });
    }
  }

  /** Counts one attempt like `consume`, but answers false instead of refusing once the budget is spent. */
  async allows(name: RateLimitName, key: string): Promise<boolean> {
    try {
      await this.consume(name, key);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.definition === CommonError.RATE_LIMITED) return false;
      throw error;
    }
  }

  /** Forgets the attempts of a key, e.g. an account's failed sign-ins after a successful one. */
  async reset(name: RateLimitName, key: string): Promise<void> {
    await this.orm.em
      .getConnection()
      .execute('delete from rate_limit_buckets where key = ?', [this.bucketKey(name, key)]);
  }

  /** Removes expired buckets so the table stays small (a scheduled job runs it). */
  async removeExpired(): Promise<void> {
    await this.orm.em
      .getConnection()
      .execute('delete from rate_limit_buckets where window_ends_at < ?', [this.clock.now()]);
  }
}
