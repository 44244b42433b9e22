import { createHmac } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { RateLimitName, RateLimitRule } from '../../config.js';
import type { Clock } from '../clock.js';
import { ASYNC_COMMIT_FROM } from '../db/async-commit.js';
import { AppError } from '../errors/app-error.js';
import { CommonError } from '../errors/common.errors.js';
import type { MessageKey } from '../i18n/translate.js';
import { arrayLiteral } from '../db/array-literal.js';

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

/** One bucket an attempt writes: the arguments of `tijdvak_count_rate_limit_buckets` for it. */
export interface BucketWrite {
  key: string;
  /** The points it takes (a lease, or 1). */
  lease: number;
  /** When its window ends if this write opens one (ISO). */
  windowEnd: string;
  /** The counting's now (ISO): a window that ended by then starts again. */
  now: string;
  /** The hits up to which this attempt came out within the budget (its lease's first point within it). */
  withinHits: number;
}

/** See `RateLimiter.counting`. */
export interface CountingStatement {
  /** The buckets the attempt writes, in the order of its steps (the ones counted from leases left out). */
  writes: readonly BucketWrite[];
  /** The bucket keys the statement writes: two countings that share one must not be in one statement. */
  writtenKeys: readonly string[];
  judge(rows: readonly LimitRow[]): void;
}

/**
 * The counting of several attempts in one statement: `from` is a FROM item whose rows are `attempt` (the attempt's
 * index in `attempts`), `step`, `hits` and `window_ends_at`, one per bucket written; `params` are its values.
 *
 * Every statement that writes buckets locks them in one order, the keys descending, whichever attempts it counts
 * and whichever instance sends it: statements locking shared rows in one global order cannot deadlock (the function,
 * Migration20261204210000_rate_limit_lock_order, says why it is a loop). Committed without waiting for the disk
 * (`ASYNC_COMMIT_FROM`): a crash may give back the last moments' attempts.
 */
export function countingOf(attempts: readonly CountingStatement[]): { from: string; params: unknown[] } {
  const keys: string[] = [];
  const leases: number[] = [];
  const windowEnds: string[] = [];
  const nows: string[] = [];
  const attemptNumbers: number[] = [];
  const steps: number[] = [];
  const withinHits: number[] = [];
  attempts.forEach(({ writes }, attempt) => {
    writes.forEach((write, step) => {
      keys.push(write.key);
      leases.push(write.lease);
      windowEnds.push(write.windowEnd);
      nows.push(write.now);
      attemptNumbers.push(attempt);
      steps.push(step);
      withinHits.push(write.withinHits);
    });
  });
  return {
    from:
      `${ASYNC_COMMIT_FROM}, tijdvak_count_rate_limit_buckets(?::varchar[], ?::int[], ?::timestamptz[], ` +
      `?::timestamptz[], ?::int[], ?::int[], ?::int[]) as counted`,
    params: [keys, leases, windowEnds, nows, attemptNumbers, steps, withinHits].map(arrayLiteral),
  };
}

/**
 * Whether the steps of an attempt come in the order every statement locks buckets in (keys descending): a step
 * counts only while the one before it came out within its budget, so it has to be written after it. A key is the
 * limit's name, a colon and a hash, so the names decide; compared as the database compares them (bytes, ASCII).
 */
function inLockOrder(steps: readonly RateLimitStep[]): boolean {
  return steps.every((step, index) => index === 0 || `${steps[index - 1].name}:` > `${step.name}:`);
}

/**
 * Budgets of at least this many leases are counted in leases; smaller ones point by point. The points an instance
 * holds unused are points the others cannot give, so the leases of all instances together stay a small share of
 * the budget: an instance holds at most a lease and a quarter (a renewal that came back before the rest was spent),
 * so with three instances at most 15/256 (about 6 %) of a window's budget can be refused early.
 */
const LEASES_PER_BUDGET = 64;
/** The most points one write takes at once. */
const MAX_LEASE = 1000;
/** How long a lease being taken makes the other attempts on its key write one point each. */
const LEASE_WAIT_MS = 10_000;

/**
 * How many points one write takes from the shared bucket. Budgets like the lookups' (tens of attempts) get 1: each
 * attempt is written before it is answered, so the instances together never let one more through and never refuse
 * one too early. A large budget is taken in leases this instance then spends from memory, one write per lease.
 */
export function leaseOf(points: number): number {
  return Math.max(1, Math.min(MAX_LEASE, Math.floor(points / LEASES_PER_BUDGET)));
}

/** A limit and key as the map of leased bucket keys holds them (a limit's name never holds a line break). */
const leasedKeyOf = (name: RateLimitName, key: string) => `${name}\n${key}`;

/** Points this instance took from a bucket and has not spent yet, for the bucket's current window. */
interface Lease {
  left: number;
  windowEndsAt: number;
  /**
   * With this many points left, the next attempt takes the next lease while the others go on spending these: no
   * attempt waits for a lease write with the points run out (a durable commit, many milliseconds under load, would
   * otherwise send every attempt meanwhile to the database). 0 once the bucket gave less than a whole lease: it is
   * nearly spent, and these points are the last this instance gets in this window.
   */
  renewAt: number;
}

/** Where a lease of `points` is renewed: a quarter left (none for leases too small to share). */
const renewalPointOf = (points: number) => Math.floor(points / 4);

/**
 * Fixed-window counters in PostgreSQL, so every server process sharing the database shares the
 * limits. Keys are HMAC'd: the table never holds addresses, e-mail addresses or IPs in clear.
 */
export class RateLimiter {
  /** By bucket key; a lease is dropped when its window ends or its points are spent. */
  private readonly leases = new Map<string, Lease>();
  /**
   * Bucket keys whose lease is being taken, with when it started. Meanwhile other attempts on the key write one
   * point each: a burst must not take a lease per attempt and spend the budget on leases nobody uses.
   */
  private readonly leasing = new Map<string, number>();
  /**
   * The bucket key (HMAC) of each limit and key this instance holds a lease of, by `name` + key: an attempt spent
   * from a lease then costs no HMAC (two per lookup were 2-3 % of its CPU). Kept only while the lease is (so no
   * clear address stays in memory longer than its points), so bounded as the leases are.
   */
  private readonly leasedBucketKeys = new Map<string, string>();

  constructor(
    private readonly orm: MikroORM,
    private readonly rules: Record<RateLimitName, RateLimitRule>,
    private readonly clock: Clock,
    private readonly keySecret: string,
    /** Told the name of every limit that refuses an attempt (the metrics count them). */
    private readonly onRefused: (name: RateLimitName) => void = () => undefined,
  ) {}

  private bucketKey(name: RateLimitName, key: string): string {
    const known = this.leasedBucketKeys.get(leasedKeyOf(name, key));
    if (known !== undefined) {
      if (this.leases.has(known)) return known;
      this.leasedBucketKeys.delete(leasedKeyOf(name, key));
    }
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
    // Every limit counted from leases: nothing to write.
    if (statement.writes.length === 0) return;
    const { from, params } = countingOf([statement]);
    const rows = await this.orm.em
      .getConnection()
      .execute<LimitRow[]>(`select step, hits, window_ends_at from ${from}`, params);
    statement.judge(rows);
  }

  /**
   * The counting of `consumeAll` as a part of a larger statement, so a caller can read what it needs in the same
   * round trip: its `writes` (the statement counts them with `countingOf`, with other attempts' if it likes), and
   * `judge`, which throws RATE_LIMITED as `consumeAll` does when given the attempt's rows (`step`, `hits`,
   * `window_ends_at`). The steps must come in lock order (`inLockOrder`).
   */
  counting(steps: readonly RateLimitStep[]): CountingStatement {
    if (!inLockOrder(steps)) {
      throw new Error(
        `Rate limits counted in one attempt must come in lock order: ${steps.map(({ name }) => name).join(', ')}`,
      );
    }
    const now = this.clock.now();
    const keys = steps.map(({ name, key }) => this.bucketKey(name, key));
    // The limits this instance holds points of are counted here, in memory; the others (and one whose lease is due
    // for renewal) are written, in their order. A point taken here goes back when another limit refuses the attempt,
    // so each limit still counts only attempts the others let through.
    const taken: Lease[] = [];
    const written: RateLimitStep[] = [];
    const writtenKeys: string[] = [];
    keys.forEach((key, index) => {
      const lease = this.spendableLease(key, now.getTime());
      if (lease) {
        lease.left--;
        taken.push(lease);
      } else {
        written.push(steps[index]);
        writtenKeys.push(key);
      }
    });
    if (written.length === 0) return { writes: [], writtenKeys: [], judge: () => undefined };
    const leases = written.map(({ name }, index) => this.leaseToTake(writtenKeys[index], name, now));
    // Instants as ISO texts: `pg` formats a Date in the process's zone, field by field, for every bind.
    const nowText = now.toISOString();
    const writes = written.map(({ name }, index): BucketWrite => {
      const { points, windowSeconds } = this.rules[name];
      return {
        key: writtenKeys[index],
        lease: leases[index],
        windowEnd: new Date(now.getTime() + windowSeconds * 1000).toISOString(),
        now: nowText,
        withinHits: points + leases[index] - 1,
      };
    });
    return {
      writes,
      writtenKeys,
      judge: (rows) => {
        try {
          this.judge(written, writtenKeys, leases, rows, now);
        } catch (error) {
          for (const lease of taken) lease.left++;
          throw error;
        } finally {
          writtenKeys.forEach((key, index) => {
            if (leases[index] > 1) this.leasing.delete(key);
          });
        }
      },
    };
  }

  /** The lease this attempt may spend a point of; none when it has to be written (and may take the next lease). */
  private spendableLease(key: string, now: number): Lease | undefined {
    const lease = this.leases.get(key);
    if (!lease || lease.left === 0 || lease.windowEndsAt <= now) return undefined;
    if (lease.left <= lease.renewAt && !this.isLeasing(key, now)) return undefined;
    return lease;
  }

  /** Whether an attempt is taking the key's lease (a write that never came back stops counting after a while). */
  private isLeasing(key: string, now: number): boolean {
    const since = this.leasing.get(key);
    return since !== undefined && now - since < LEASE_WAIT_MS;
  }

  /** How many points this write takes: a lease, or one while another attempt is taking the key's lease. */
  private leaseToTake(key: string, name: RateLimitName, now: Date): number {
    const lease = leaseOf(this.rules[name].points);
    if (lease === 1 || this.isLeasing(key, now.getTime())) return 1;
    this.leasing.set(key, now.getTime());
    return lease;
  }

  private judge(
    steps: readonly RateLimitStep[],
    keys: readonly string[],
    leases: readonly number[],
    rows: readonly LimitRow[],
    now: Date,
  ): void {
    for (const row of [...rows].sort((a, b) => a.step - b.step)) {
      const { name, message } = steps[row.step];
      const { points } = this.rules[name];
      const lease = leases[row.step];
      const windowEndsAt = new Date(row.window_ends_at).getTime();
      // The lease's points that fall within the budget: the first is this attempt's, the rest are kept.
      const admitted = Math.max(0, Math.min(lease, points - (row.hits - lease)));
      if (admitted > 0) {
        if (lease > 1) {
          const { key } = steps[row.step];
          const renewAt = admitted < lease ? 0 : renewalPointOf(lease);
          this.keepLease(keys[row.step], { left: admitted - 1, windowEndsAt, renewAt }, now, leasedKeyOf(name, key));
        }
        continue;
      }
      // The bucket gives no more: what this instance still holds is spent, and no next lease is asked for.
      const held = this.leases.get(keys[row.step]);
      if (held) held.renewAt = 0;
      this.onRefused(name);
      const retryAfterSeconds = Math.max(1, Math.ceil((windowEndsAt - now.getTime()) / 1000));
      throw new AppError(CommonError.RATE_LIMITED, {
        message,
        params: { minutes: Math.ceil(retryAfterSeconds / 60) },
        data: { retryAfterSeconds },
      });
    }
  }

  /**
   * Keeps a lease, added to the points still held of the same window (a renewal); when they are many, the spent and
   * ended ones go first, so memory stays bounded.
   */
  private keepLease(key: string, lease: Lease, now: Date, leasedKey: string): void {
    const held = this.leases.get(key);
    if (held && held.windowEndsAt === lease.windowEndsAt) {
      held.left += lease.left;
      held.renewAt = lease.renewAt;
      this.leasedBucketKeys.set(leasedKey, key);
      return;
    }
    if (this.leases.size >= 10_000) {
      for (const [held, { left, windowEndsAt }] of this.leases) {
        if (left === 0 || windowEndsAt <= now.getTime()) this.leases.delete(held);
      }
      for (const [plain, held] of this.leasedBucketKeys) {
        if (!this.leases.has(held)) this.leasedBucketKeys.delete(plain);
      }
      if (this.leases.size >= 10_000) return;
    }
    this.leases.set(key, lease);
    this.leasedBucketKeys.set(leasedKey, key);
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

  /**
   * Forgets the attempts of a key, e.g. an account's failed sign-ins after a successful one. One row in a statement
   * of its own: it holds no lock while it waits for that one, so it cannot be part of a deadlock.
   */
  async reset(name: RateLimitName, key: string): Promise<void> {
    const bucketKey = this.bucketKey(name, key);
    this.leases.delete(bucketKey);
    this.leasedBucketKeys.delete(leasedKeyOf(name, key));
    await this.orm.em.getConnection().execute('delete from rate_limit_buckets where key = ?', [bucketKey]);
  }

  /**
   * Removes expired buckets so the table stays small (a scheduled job runs it). It never waits for a bucket's lock:
   * one being counted is skipped (its window starts again anyway), so the purge, which takes many rows in the order
   * of their windows, never holds one while waiting for another and cannot deadlock with a counting.
   */
  async removeExpired(): Promise<void> {
    await this.orm.em.getConnection().execute(
      `delete from rate_limit_buckets where key in
          (select key from rate_limit_buckets where window_ends_at < ? for update skip locked)`,
      [this.clock.now()],
    );
  }
}
