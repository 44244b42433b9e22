import type { MikroORM } from '@mikro-orm/postgresql';
import { Country, TIME_ZONE } from '../common/locale.js';
import { localDateOf, localDayRange } from '../../shared/zoned-time.js';

/** Rows per statement: a backlog is removed in short statements, never one long lock or a statement timeout. */
const BATCH_SIZE = 5000;

/**
 * Removes one batch of request ids applied before the start of today in their order's country. A status is applied
 * only on its visit day (a refused request leaves no id), so an id applied on an earlier local day belongs to a
 * visit day that is over, where every request is refused anyway.
 */
function batchSql(countries: number): string {
  const days = Array.from({ length: countries }, () => '(?, ?::timestamptz)').join(', ');
  return `
    with expired as (
      select r.order_id, r.request_id
      from visit_status_requests r
      join orders o on o.id = r.order_id
      join (values ${days}) as today (country, starts_at) on today.country = o.country::text
      where r.applied_at < today.starts_at
      limit ?
    )
    delete from visit_status_requests r
    using expired
    where r.order_id = expired.order_id and r.request_id = expired.request_id`;
}

/**
 * Deletes the request ids of visit days that are over (docs/decisions.md, Technician: offline copy and status
 * limits) and answers how many went. A request id only makes a repeated send harmless on the visit day; kept longer
 * it is a table that grows with every tap. Meant to run as a periodic job (once a day is enough; more often is
 * harmless).
 */
export async function deleteExpiredVisitRequestIds(orm: MikroORM, now: Date): Promise<number> {
  const countries = Object.values(Country);
  const params = countries.flatMap((country) => {
    const zone = TIME_ZONE[country];
    return [country, localDayRange(localDateOf(now, zone), zone).start];
  });
  const sql = batchSql(countries.length);
  const connection = orm.em.getConnection();
  let deleted = 0;
  for (;;) {
    const { affectedRows } = await connection.execute<{ affectedRows: number }>(sql, [...params, BATCH_SIZE], 'run');
    deleted += affectedRows;
    if (affectedRows < BATCH_SIZE) return deleted;
  }
}
