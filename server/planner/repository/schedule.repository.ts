import type { EntityManager } from '@mikro-orm/postgresql';
import { Country } from '../../common/locale.js';
import type { AppServices } from '../../context.js';
import type { LocalDate } from '../../../shared/zoned-time.js';
import { staffSessionParams, technicianSessionHoldsSql } from '../../accounts/index.js';
import { activeOrderSql } from '../../orders/index.js';
import {
  PLAIN_SCHEDULE_ORDER_COLUMNS,
  plainScheduleOrderOfRow,
  SCHEDULE_ORDER_COLUMNS,
  SCHEDULE_ORDER_JOINS,
  scheduleOrderOfRow,
  type PlainScheduleOrder,
  type ScheduleOrder,
} from '../../visits/index.js';

/** The session to check with the schedule (a null `tokenVersion`: the viewer was already authenticated). */
export interface ScheduleSession {
  technicianId: number;
  tokenVersion: number | null;
  actingAdmin: { id: number; tokenVersion: number } | null;
  /** The session the token names, when not checked already (null or absent: nothing to check). */
  sessionId?: string | null;
}

/** A country's next working day, as the statement compares the orders' starts with it. */
export interface ScheduleDayRange {
  date: LocalDate;
  /** First instant of the day in the country's zone. */
  start: Date;
  /** First instant of the next day. */
  end: Date;
}

/** What the statement read of a session that holds: the technician's country, the lock and the day's orders. */
export interface ScheduleRead<Item> {
  country: Country;
  locked: boolean;
  confirmedAt: Date | null;
  orders: Item[];
}

/** The head of a row of `scheduleSql`: the session's country and the lock (the row's order columns follow). */
interface ScheduleRowHead {
  /** The technician's country; null when the session does not hold (no such technician, another token version). */
  session_country: Country | null;
  locked: boolean;
  confirmed_at: Date | string | null;
}

/**
 * Of these orders, those whose consumer heard of their window or will (a message telling it written, waiting or
 * sent, not skipped or failed), made by us: a change of their start sends them an update. A partner's consumer was
 * told who, not when.
 */
const WINDOW_TOLD_SQL = `
  select distinct m.order_id from consumer_messages m join orders o on o.id = m.order_id
   where m.order_id = any(?::int[]) and m.kind in ('WINDOW', 'UPDATE', 'RESTORED') and m.status in ('QUEUED', 'SENT')
     and o.external_company is null
   order by 1`;

/** Of these orders, those whose consumer was told their window (see WINDOW_TOLD_SQL). */
export async function windowToldOrderIds(em: EntityManager, orderIds: readonly number[]): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const rows = await em.execute<{ order_id: number }[]>(WINDOW_TOLD_SQL, [`{${orderIds.join(',')}}`]);
  return rows.map((row) => row.order_id);
}

/** The countries whose next working day the statement chooses from, by the technician's country. */
const COUNTRIES = Object.values(Country);

/**
 * The technician's schedule statement: the session, the lock and every order of the day with its consumer reply and
 * visit status in one statement, whatever the number of orders. It is the technician area's busiest call, so it stays
 * one round trip: the session holds by the staff session's rule (accounts' `technicianSessionHoldsSql`), "not
 * deleted" is orders' `activeOrderSql`, and an order's columns and joins are the visits domain's. The day depends on
 * the technician's country: the next working day of each country is given, and the row of the technician's is
 * joined. Joining to a one-row base keeps one row (null columns) when the day has no order or the session does not
 * hold.
 */
function scheduleSql(orderColumns: string, orderJoins: string): string {
  return `
  with session as (
    select t.id, t.country from technicians t
    where t.id = ? and ${technicianSessionHoldsSql('t')}
  ), day as (
    select session.id as technician_id, session.country, d.date, d.day_start, d.day_end
    from session
    join (values ${COUNTRIES.map(() => '(?::country, ?::date, ?::timestamptz, ?::timestamptz)').join(', ')})
      as d (country, date, day_start, day_end) on d.country = session.country
  )
  select day.country as session_country, c.id is not null as locked, c.confirmed_at, ${orderColumns}
  from (select 1) as one
  left join day on true
  left join schedule_confirmations c on c.technician_id = day.technician_id and c.date = day.date
  left join orders o on o.technician_id = day.technician_id and o.appointment >= day.day_start
    and o.appointment < day.day_end and ${activeOrderSql('o')}
  ${orderJoins}
  order by o.appointment, o.id`;
}

/** Every order of the day with its reply and status. */
const SCHEDULE_SQL = scheduleSql(SCHEDULE_ORDER_COLUMNS, SCHEDULE_ORDER_JOINS);

/** The orders' own columns only: no reply or status to join. */
const PLAIN_SCHEDULE_SQL = scheduleSql(PLAIN_SCHEDULE_ORDER_COLUMNS, '');

/**
 * The technician's schedule, read on the pg pool directly (server/common/db/plain-statements.ts): the technician
 * area reads it on every start and refresh, and the ORM's path would add its query building and logging to each.
 */
export class ScheduleRepository {
  constructor(private readonly services: Pick<AppServices, 'plainStatements'>) {}

  /** The schedule when the session holds, each order with its reply and status; null when it does not hold. */
  schedule(
    session: ScheduleSession,
    days: ReadonlyMap<Country, ScheduleDayRange>,
  ): Promise<ScheduleRead<ScheduleOrder> | null> {
    return this.read(session, days, SCHEDULE_SQL, scheduleOrderOfRow);
  }

  /** `schedule` without the replies and statuses joined: the orders' own fields only. */
  plainSchedule(
    session: ScheduleSession,
    days: ReadonlyMap<Country, ScheduleDayRange>,
  ): Promise<ScheduleRead<PlainScheduleOrder> | null> {
    return this.read(session, days, PLAIN_SCHEDULE_SQL, plainScheduleOrderOfRow);
  }

  /** One statement: its orders read by `sql` and made by `orderOfRow`; null when the session does not hold. */
  private async read<Row, Item>(
    session: ScheduleSession,
    days: ReadonlyMap<Country, ScheduleDayRange>,
    sql: string,
    orderOfRow: (row: Row) => Item | null,
  ): Promise<ScheduleRead<Item> | null> {
    const { technicianId, tokenVersion, actingAdmin, sessionId } = session;
    const rows = await this.services.plainStatements.rows<ScheduleRowHead & Row>(sql, [
      technicianId,
      ...staffSessionParams(tokenVersion, actingAdmin, { id: sessionId ?? null, technicianId }),
      ...COUNTRIES.flatMap((country) => {
        const day = days.get(country)!;
        return [country, day.date, day.start, day.end];
      }),
    ]);
    const country = rows[0]?.session_country;
    if (!country) return null;
    return {
      country,
      locked: rows[0].locked === true,
      confirmedAt: rows[0].confirmed_at ? new Date(rows[0].confirmed_at) : null,
      orders: rows.map(orderOfRow).filter((order) => order !== null),
    };
  }
}
