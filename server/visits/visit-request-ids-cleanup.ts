import type { MikroORM } from '@mikro-orm/postgresql';
import { Country, TIME_ZONE } from '../common/locale.js';
import { localDayOf } from '../../shared/zoned-time.js';
import { VisitStatusRepository } from './repository/visit-status.repository.js';

/** Rows per statement: a backlog is removed in short statements, never one long lock or a statement timeout. */
const BATCH_SIZE = 5000;

/**
 * Deletes the request ids of visit days that are over (docs/decisions.md, Technician: offline copy and status
 * limits) and answers how many went. A request id only makes a repeated send harmless on the visit day; kept longer
 * it is a table that grows with every tap. A status is applied only on its visit day (a refused request leaves no
 * id), so an id applied before the start of today in its order's country belongs to a visit day that is over, where
 * every request is refused anyway. Meant to run as a periodic job (once a day is enough; more often is
 * harmless).
 */
export async function deleteExpiredVisitRequestIds(orm: MikroORM, now: Date): Promise<number> {
  const todayStarts = Object.values(Country).map((country) => {
    const zone = TIME_ZONE[country];
    return { country, startsAt: localDayOf(now, zone).start };
  });
  const visits = new VisitStatusRepository(orm.em);
  let deleted = 0;
  for (;;) {
    const affectedRows = await visits.deleteExpiredRequestIdsBatch(todayStarts, BATCH_SIZE);
    deleted += affectedRows;
    if (affectedRows < BATCH_SIZE) return deleted;
  }
}
