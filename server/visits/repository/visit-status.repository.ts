import type { EntityManager } from '@mikro-orm/postgresql';
import type { LocalDayRange } from '../../../shared/zoned-time.js';
import type { OrderEventKind } from '../../audit/order-event-kind.js';
import type { Country } from '../../common/locale.js';
import { technicianDayParams, technicianDaySql } from '../../orders/index.js';
import { SCHEDULE_ORDER_COLUMNS, SCHEDULE_ORDER_JOINS, type ScheduleOrderRow } from '../schedule-order-sql.js';
import type { VisitStage } from '../visit-status.entity.js';

/** An instant as the driver hands it back. */
type Instant = Date | string;

/** A technician's orders of a day with their replies and statuses: one statement, whatever their number. */
const TECHNICIAN_DAY_SQL = `
  select ${SCHEDULE_ORDER_COLUMNS}
  from orders o
  ${SCHEDULE_ORDER_JOINS}
  where ${technicianDaySql('o')}
  order by o.appointment, o.id`;

const SCHEDULE_ORDER_SQL = `select ${SCHEDULE_ORDER_COLUMNS} from orders o ${SCHEDULE_ORDER_JOINS} where o.id = ?`;

/** Every change of one technician's visits waits for this lock, so two changes never see the day half-changed. */
const LOCK_TECHNICIAN_SQL = 'select id from technicians where id = ? for update';

/** Claims a request id for an order; no row back means it was applied before (or is being applied now). */
const CLAIM_REQUEST_SQL = `
  insert into visit_status_requests (order_id, request_id, applied_at) values (?, ?, ?)
  on conflict do nothing
  returning order_id`;

/** The latest changes of one kind to a visit within a window, newest first. */
const RECENT_EVENTS_SQL = `
  select occurred_at from order_events
  where order_id = ? and kind = ? and occurred_at > ?
  order by occurred_at desc
  limit ?`;

/** Another of the technician's visits of the day in a stage, the earliest. */
const OTHER_IN_STAGE_SQL = `
  select o.name, o.country, s.expected_arrival, s.arrived_at
  from visit_statuses s
  join orders o on o.id = s.order_id
  where ${technicianDaySql('o')} and o.id <> ? and s.stage = ?
  order by o.appointment
  limit 1`;

/**
 * Removes one batch of request ids applied before the start of today in their order's country (the parameters: a
 * country and its start of today per country, then the batch size).
 */
function expiredRequestIdsBatchSql(countries: number): string {
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

/** The other visit in a stage, as the refusal names it. */
export interface OtherVisitInStageRow {
  name: string;
  country: Country;
  expected_arrival: Instant | null;
  arrived_at: Instant | null;
}

/** When a country's today starts. */
export interface CountryDayStart {
  country: Country;
  startsAt: Date;
}

/**
 * The statements on visit statuses and the request ids that make a repeated status harmless. The service keeps the
 * rules (the stage machine, the limits, one visit on the way at a time) and asks here for the rows.
 */
export class VisitStatusRepository {
  constructor(private readonly em: EntityManager) {}

  /** The technician's active orders of the day, with replies and statuses, by appointment. */
  technicianDay(technicianId: number, day: LocalDayRange): Promise<ScheduleOrderRow[]> {
    return this.em.execute<ScheduleOrderRow[]>(TECHNICIAN_DAY_SQL, technicianDayParams(technicianId, day));
  }

  /** One order with its reply and status, deleted or not; undefined when no order has the id. */
  async scheduleOrder(orderId: number): Promise<ScheduleOrderRow | undefined> {
    const [row] = await this.em.execute<ScheduleOrderRow[]>(SCHEDULE_ORDER_SQL, [orderId]);
    return row;
  }

  /** Locks the technician's row until the caller's transaction ends. */
  async lockTechnician(technicianId: number): Promise<void> {
    await this.em.execute(LOCK_TECHNICIAN_SQL, [technicianId]);
  }

  /** Records the request id as applied to the order; false when it was recorded before. */
  async claimRequest(orderId: number, requestId: string, now: Date): Promise<boolean> {
    const claimed = await this.em.execute<unknown[]>(CLAIM_REQUEST_SQL, [orderId, requestId, now]);
    return claimed.length > 0;
  }

  /** When the order's latest `limit` events of this kind after `since` occurred, newest first. */
  async recentEventTimes(orderId: number, kind: OrderEventKind, since: Date, limit: number): Promise<Instant[]> {
    const rows = await this.em.execute<{ occurred_at: Instant }[]>(RECENT_EVENTS_SQL, [orderId, kind, since, limit]);
    return rows.map((row) => row.occurred_at);
  }

  /** The technician's earliest other active visit of the day in this stage, if any. */
  async otherVisitInStage(
    technicianId: number,
    orderId: number,
    stage: VisitStage,
    day: LocalDayRange,
  ): Promise<OtherVisitInStageRow | undefined> {
    const [other] = await this.em.execute<OtherVisitInStageRow[]>(OTHER_IN_STAGE_SQL, [
      ...technicianDayParams(technicianId, day),
      orderId,
      stage,
    ]);
    return other;
  }

  /**
   * Deletes at most `limit` request ids applied before today in their order's country, outside any transaction;
   * resolves to how many went.
   */
  async deleteExpiredRequestIdsBatch(todayStarts: readonly CountryDayStart[], limit: number): Promise<number> {
    const { affectedRows } = await this.em
      .getConnection()
      .execute<{ affectedRows: number }>(
        expiredRequestIdsBatchSql(todayStarts.length),
        [...todayStarts.flatMap((day) => [day.country, day.startsAt]), limit],
        'run',
      );
    return affectedRows;
  }
}
