import type { AppContext } from '../context.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { TIME_ZONE, type Country } from '../common/locale.js';
import { addDays, instantOf, localDateOf } from '../../shared/zoned-time.js';
import { windowShownFrom } from '../consumers/visit-indication.js';
import { nextWorkingDay } from '../holidays/working-days.js';
import { Order } from '../orders/order.entity.js';
import { SAME_CUSTOMER_SQL, VISIT_LISTED_ORDER_SQL } from '../orders/customer-lookups.js';
import type { CallList } from './call-list.types.js';

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

interface CallListRow {
  id: number;
  total: number;
  informed: boolean;
}

/** Orders of the day, and for each whether the customer saw the window in [shown from, cutoff). */
function callListSql(country: Country): string {
  return `
    select o.id, count(*) over ()::int as total,
           exists (select 1 from orders same join site_visits v on v.order_id = same.id
                   where ${SAME_CUSTOMER_SQL[country]} and ${VISIT_LISTED_ORDER_SQL}
                     and v.visited_at >= ? and v.visited_at < ?) as informed
    from orders o
    where o.country = ? and o.appointment >= ? and o.appointment < ?
      and o.deleted_at is null and o.external_company is null
    order by o.appointment, o.id`;
}

/** The evening-before call list ("Informed?"). */
export class CallListService {
  constructor(private readonly ctx: AppContext) {}

  async callList(country: Country, by: string | null | undefined): Promise<CallList> {
    const { em, services } = this.ctx;
    const zone = TIME_ZONE[country];
    const now = services.clock.now();
    const today = localDateOf(now, zone);
    let cutoff = now;
    if (by !== null && by !== undefined && by.trim() !== '') {
      const match = TIME_OF_DAY.exec(by.trim());
      if (!match) {
        throw new AppError(CommonError.BAD_USER_INPUT, { fields: [{ field: 'by', message: 'TIME_INPUT_INVALID' }] });
      }
      cutoff = instantOf(today, Number(match[1]), Number(match[2]), zone);
    }
    const date = await nextWorkingDay(em, country, today);
    const start = instantOf(date, 0, 0, zone);
    const shownFrom = await windowShownFrom(em, country, start);
    const rows = await em.execute<CallListRow[]>(callListSql(country), [
      shownFrom,
      cutoff,
      country,
      start,
      instantOf(addDays(date, 1), 0, 0, zone),
    ]);
    const uninformed = rows.filter((row) => !row.informed).map((row) => Number(row.id));
    const orders =
      uninformed.length === 0
        ? []
        : await em.find(
            Order,
            { id: { $in: uninformed } },
            { populate: ['technician'], orderBy: { appointment: 'asc', id: 'asc' } },
          );
    return {
      country,
      date,
      timeZone: zone,
      windowShownFrom: shownFrom,
      cutoff,
      totalOrders: rows[0]?.total ?? 0,
      orders,
    };
  }
}
