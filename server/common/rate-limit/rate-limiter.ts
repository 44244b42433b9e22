import { createHmac } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { RateLimitName, RateLimitRule } from '../../config.js';
import type { Clock } from '../clock.js';
import { AppError } from '../errors/app-error.js';
import { CommonError } from '../errors/common.errors.js';

/**
 * Fixed-window counters in PostgreSQL, so every server process sharing the database shares the
 * limits. Keys are HMAC'd: the table never holds addresses, e-mail addresses or IPs in clear.
 */
export class RateLimiter {
  private cleanupTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly orm: MikroORM,
    private readonly rules: Record<RateLimitName, RateLimitRule>,
    private readonly clock: Clock,
    private readonly keySecret: string,
  ) {}

  private bucketKey(name: RateLimitName, key: string): string {
    return `${name}:${createHmac('sha256', this.keySecret).update(key).digest('base64url')}`;
  }

  /** Counts one attempt; throws RATE_LIMITED once the window's budget is spent. */
  async consume(name: RateLimitName, key: string): Promise<void> {
    const rule = this.rules[name];
    const now = this.clock.now();
    const windowEnd = new Date(now.getTime() + rule.windowSeconds * 1000);
    const [row] = await this.orm.em.getConnection().execute<{ hits: number; window_ends_at: Date }[]>(
      `insert into rate_limit_buckets as b (key, hits, window_ends_at) values (?, 1, ?)
       on conflict (key) do update set
         hits = case when b.window_ends_at <= ? then 1 else b.hits + 1 end,
         window_ends_at = case when b.window_ends_at <= ? then excluded.window_ends_at else b.window_ends_at end
       returning hits, window_ends_at`,
      [this.bucketKey(name, key), windowEnd, now, now],
    );
    if (row.hits > rule.points) {
      const retryAfterSeconds = Math.max(1, Math.ceil((new Date(row.window_ends_at).getTime() - now.getTime()) / 1000));
      throw new AppError(CommonError.RATE_LIMITED, {
        params: { minutes: Math.ceil(retryAfterSeconds / 60) },
        data: { retryAfterSeconds },
      });
    }
  }

  /** Forgets the attempts of a key, e.g. an account's failed sign-ins after a successful one. */
  async reset(name: RateLimitName, key: string): Promise<void> {
    await this.orm.em
      .getConnection()
      .execute('delete from rate_limit_buckets where key = ?', [this.bucketKey(name, key)]);
  }

  /** Expired buckets are removed in the background so the table stays small. */
  startCleanup(intervalMs = 10 * 60_000): void {
    this.cleanupTimer = setInterval(() => {
      this.orm.em
        .getConnection()
        .execute('delete from rate_limit_buckets where window_ends_at < ?', [this.clock.now()])
        .catch(() => undefined);
    }, intervalMs);
    this.cleanupTimer.unref();
  }

  stopCleanup(): void {
    clearInterval(this.cleanupTimer);
  }
}
