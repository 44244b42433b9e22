import { Migration } from '@mikro-orm/migrations';

/**
 * Counts attempts against rate limits, locking their buckets in one order that every statement and every instance
 * shares: the bucket keys descending (byte order, whatever the database's collation). Statements that lock shared
 * rows in one global order cannot deadlock; the data-modifying CTEs this replaces locked them in the order of their
 * lookups, and two statements taking two buckets in opposite orders deadlocked under bursts.
 *
 * Each bucket is its own INSERT … ON CONFLICT in that order. One INSERT for all of them cannot be used: a step of an
 * attempt counts only while the step before it came out within its budget, and a command does not see its own
 * writes. Several data-modifying CTEs cannot either: PostgreSQL does not define the order in which it runs them.
 * Here the order is the loop's. An attempt's steps must therefore come in that order (each limit's name sorts after
 * the next one's); the function refuses a step that comes before the step it counts after, as that would count it
 * wrongly. Two attempts on one bucket are counted one after the other, each seeing the other's count.
 *
 * Per element: the bucket key, the points it takes (a lease), the window's end if it opens one, the caller's now,
 * the attempt (any number naming it in this call) and the step within it, and the hits up to which it came out
 * within its budget. Answers a row per bucket written.
 */
export class Migration20261204210000_rate_limit_lock_order extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function tijdvak_count_rate_limit_buckets(
        keys varchar[], leases int[], window_ends timestamptz[], nows timestamptz[],
        attempts int[], steps int[], within_hits int[])
      returns table (attempt int, step int, hits int, window_ends_at timestamptz)
      language plpgsql volatile
      as $$
      #variable_conflict use_column
      declare
        i int;
        counting boolean[] := '{}';
        next_steps int[] := '{}';
        counted_hits int;
        counted_end timestamptz;
      begin
        for i in select s from generate_subscripts(keys, 1) as s order by keys[s] collate "C" desc, s loop
          if steps[i] <> coalesce(next_steps[attempts[i]], 0) then
            raise exception 'step % of rate-limit attempt % comes before the step it counts after', steps[i], attempts[i];
          end if;
          next_steps[attempts[i]] := steps[i] + 1;
          -- A step before it came out over its budget: this one is not counted.
          continue when counting[attempts[i]] is false;
          insert into rate_limit_buckets as b (key, hits, window_ends_at) values (keys[i], leases[i], window_ends[i])
          on conflict (key) do update set
            hits = case when b.window_ends_at <= nows[i] then excluded.hits else b.hits + excluded.hits end,
            window_ends_at = case when b.window_ends_at <= nows[i] then excluded.window_ends_at else b.window_ends_at end
          returning b.hits, b.window_ends_at into counted_hits, counted_end;
          counting[attempts[i]] := counted_hits <= within_hits[i];
          attempt := attempts[i];
          step := steps[i];
          hits := counted_hits;
          window_ends_at := counted_end;
          return next;
        end loop;
      end
      $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(
      `drop function if exists tijdvak_count_rate_limit_buckets(varchar[], int[], timestamptz[], timestamptz[], int[], int[], int[]);`,
    );
  }
}
