import { JOB_LOG_CONTEXT } from '../common/jobs/job-log.js';
import { Country } from '../common/locale.js';
import type { AppServices } from '../context.js';
import { deleteVisitFiles } from '../visit-records/index.js';
import { anonymiseOrders } from './anonymise.js';
import { DataRequestSetting } from './data-request-setting.entity.js';
import { DataRequest, DataRequestKind, DataRequestStatus } from './data-request.entity.js';
import { DataSubjectRepository } from './repository/data-subject.repository.js';

/** Orders per transaction: short locks, however many are due. */
const BATCH_SIZE = 200;

/** `months` calendar months before `now` (the last day of a shorter month when the day does not exist). */
export function monthsBefore(now: Date, months: number): Date {
  const date = new Date(now);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date;
}

/**
 * Anonymises the orders whose visit ended longer ago than their country's months kept (docs/rules.md, Personal data),
 * as an erase does (the stored files after each batch committed), each run recorded in the audit of requests. Resolves to the orders anonymised.
 */
export async function applyRetention(
  services: Pick<AppServices, 'orm' | 'files'>,
  now: Date,
  secret: string,
): Promise<number> {
  const em = services.orm.em.fork({ loggerContext: JOB_LOG_CONTEXT });
  const settings = await em.find(DataRequestSetting, {});
  let total = 0;
  for (const country of Object.values(Country)) {
    const months = settings.find((setting) => setting.country === country)?.retentionMonths;
    if (months === undefined) continue;
    const before = monthsBefore(now, months);
    const counts = { orders: 0, rows: 0 };
    for (;;) {
      const done = await em.fork().transactional(async (tx) => {
        const orders = await new DataSubjectRepository(tx).dueForRetention(country, before, BATCH_SIZE);
        return { found: orders.length, ...(await anonymiseOrders(tx, orders, secret, now)) };
      });
      await deleteVisitFiles(services.files, done.files);
      counts.orders += done.orders;
      counts.rows += done.rows;
      if (done.found < BATCH_SIZE) break;
    }
    if (counts.orders > 0) {
      await em.fork().transactional((tx) => {
        tx.create(DataRequest, {
          kind: DataRequestKind.RETENTION,
          status: DataRequestStatus.DONE,
          requestedAt: now,
          orderCount: counts.orders,
          rowCount: counts.rows,
        });
        return Promise.resolve();
      });
    }
    total += counts.orders;
  }
  return total;
}
