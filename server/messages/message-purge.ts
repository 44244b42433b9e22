import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { JOB_LOG_CONTEXT } from '../common/jobs/job-log.js';
import { Country, TIME_ZONE } from '../common/locale.js';
import { addDays, instantOf, localDateOf } from '../../shared/zoned-time.js';

/** Rows per statement: a backlog is purged in short statements, never one long lock or a statement timeout. */
const BATCH_SIZE = 5000;

const DAY_MS = 24 * 3600 * 1000;

/**
 * One batch of messages whose visit day ended more than the retention ago, in the order's country:
 * the visit is the later of the message's window and the order's appointment (an order moved to a
 * later day keeps its earlier messages' address until that day is past too). The address goes, and
 * so does a failure's reason (a provider may echo the address in another notation); a message still
 * waiting is not sent any more. Rows another worker is sending are left for the next run.
 */
function batchSql(countries: number): string {
  const cutoffs = Array.from({ length: countries }, () => '(?, ?::timestamptz)').join(', ');
  return `
    with due as (
      select m.id
      from consumer_messages m
      join orders o on o.id = m.order_id
      join (values ${cutoffs}) as cutoff (country, visits_before) on cutoff.country = o.country::text
      where m.purged_at is null and m.window_start < cutoff.visits_before and o.appointment < cutoff.visits_before
      limit ?
      for update of m skip locked
    )
    update consumer_messages m
    set recipient = null,
        purged_at = ?,
        last_error = case when m.status = 'FAILED' then null
                          when m.status = 'QUEUED' then 'the address was removed after the visit'
                          else m.last_error end,
        failure_code = case when m.status = 'QUEUED' then 'SKIPPED_ADDRESS_REMOVED' else m.failure_code end,
        status = case when m.status = 'QUEUED' then 'SKIPPED' else m.status end
    from due
    where m.id = due.id`;
}

/**
 * Removes the addresses of consumer messages `retentionDays` days after the visit (docs/rules.md,
 * Consumer messages): on the visit day plus `retentionDays` they are kept, from the next local day on
 * they are gone. The rows stay (kind, channel, status, times, tries) so the figures keep working.
 * Unsubscribes are not touched: they hold a keyed hash only, and must outlive every message. Resolves
 * to the number of messages purged.
 */
export async function purgeMessageAddresses(orm: MikroORM, now: Date, retentionDays: number): Promise<number> {
  const params = Object.values(Country).flatMap((country) => {
    const zone = TIME_ZONE[country];
    // Visits before the start of (today - retention) ended at least retention + 1 local days ago.
    return [country, instantOf(addDays(localDateOf(now, zone), -retentionDays), 0, 0, zone)];
  });
  const sql = batchSql(Object.values(Country).length);
  const connection = orm.em.getConnection();
  let purged = 0;
  for (;;) {
    const { affectedRows } = await connection.execute<{ affectedRows: number }>(
      sql,
      [...params, BATCH_SIZE, now],
      'run',
      undefined,
      JOB_LOG_CONTEXT,
    );
    purged += affectedRows;
    if (affectedRows < BATCH_SIZE) return purged;
  }
}

/**
 * Removes message files of the outbox (mail `.eml`, SMS `.json`: the transports' stand-ins when no
 * mail server or SMS provider is set) written more than `retentionDays` days before `now`. A message
 * is written before its visit, so this is never later than the database's purge. Real time: the file
 * times are.
 */
export async function purgeOutboxFiles(
  outboxDirs: readonly string[],
  now: Date,
  retentionDays: number,
): Promise<number> {
  const before = now.getTime() - retentionDays * DAY_MS;
  let removed = 0;
  for (const dir of outboxDirs) {
    const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const name of names) {
      if (!name.endsWith('.eml') && !name.endsWith('.json')) continue;
      const file = join(dir, name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile() || info.mtimeMs >= before) continue;
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
