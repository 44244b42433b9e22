import type { EntityManager } from '@mikro-orm/postgresql';
import { arrayLiteral } from '../../common/db/array-literal.js';
import { TIME_ZONE } from '../../common/locale.js';
import { activeOrderSql } from '../../orders/index.js';
import type { Country } from '../../common/locale.js';
import { DAY_VISITS_MAX, HISTORY_VISITS, type EstimateStage } from '../estimate-rules.js';

/** The zone of an order's country, in SQL, from the one map of zones. */
const zoneSql = (alias: string) =>
  `(case ${alias}.country ${Object.entries(TIME_ZONE)
    .map(([country, zone]) => `when '${country}' then '${zone}'`)
    .join(' ')} end)`;

/**
 * Per technician-day: its visits (at most `DAY_VISITS_MAX`, in the day's order), the samples of the technician's
 * latest `HISTORY_VISITS` finished visits before that day (work: arrival to finish; travel: the finish before, or
 * the setting out when later (a wait for a window is no drive), to the arrival, within a day; start: a day's first arrival after its window opened) and whether the day is
 * confirmed. One statement, whatever the number of technicians; `days` names the technician-days to read.
 */
const estimateSql = (days: string) => `
  with days as (${days}),
  bounds as (
    select d.technician_id, d.local_date, d.zone,
           (d.local_date::timestamp at time zone d.zone) as starts_at,
           ((d.local_date + 1)::timestamp at time zone d.zone) as ends_at
    from days d
  ),
  history as (
    select b.technician_id, h.appointment, h.on_the_way_at, h.arrived_at, h.finished_at, (h.appointment at time zone b.zone)::date as local_day
    from bounds b
    cross join lateral (
      select o.appointment, s.on_the_way_at, s.arrived_at, s.finished_at
      from orders o join visit_statuses s on s.order_id = o.id
      where o.technician_id = b.technician_id and o.appointment < b.starts_at and s.finished_at is not null
        and ${activeOrderSql('o')}
      order by o.appointment desc, o.id desc
      limit ${HISTORY_VISITS}
    ) h
  ),
  samples as (
    select technician_id,
           extract(epoch from finished_at - arrived_at) as work,
           extract(epoch from arrived_at - greatest(lag(finished_at) over w, on_the_way_at)) as travel,
           case when row_number() over w = 1 then extract(epoch from coalesce(arrived_at, finished_at) - appointment) end as start
    from history
    window w as (partition by technician_id, local_day order by appointment)
  )
  select b.technician_id, b.local_date::text as local_date, b.zone,
         exists (select 1 from schedule_confirmations c
                 where c.technician_id = b.technician_id and c.date = b.local_date) as confirmed,
         (select coalesce(json_agg(v order by v.appointment, v.id), '[]'::json) from (
            select o.id, o.appointment, o.duration, s.stage, s.expected_arrival, s.arrived_at, s.finished_at
            from orders o left join visit_statuses s on s.order_id = o.id
            where o.technician_id = b.technician_id and o.appointment >= b.starts_at and o.appointment < b.ends_at
              and ${activeOrderSql('o')}
            order by o.appointment, o.id
            limit ${DAY_VISITS_MAX}) v) as visits,
         (select json_build_object(
             'work', coalesce(json_agg(x.work) filter (where x.work is not null), '[]'::json),
             'travel', coalesce(json_agg(x.travel) filter (where x.travel is not null), '[]'::json),
             'start', coalesce(json_agg(x.start) filter (where x.start is not null), '[]'::json))
          from samples x where x.technician_id = b.technician_id) as samples
  from bounds b
  order by b.technician_id`;

/** The technician-day of one active order. */
const ORDER_DAY_SQL = estimateSql(`
  select o.technician_id, (o.appointment at time zone ${zoneSql('o')})::date as local_date, ${zoneSql('o')} as zone
  from orders o
  where o.id = ? and o.technician_id is not null and ${activeOrderSql('o')}`);

/** The technician-days of a country's day: every technician with an active order in it (of `orderIds`: holding one). */
const countryDaySql = (ofOrders: boolean) =>
  estimateSql(`
  select distinct o.technician_id, ?::date as local_date, ?::text as zone
  from orders o
  where o.country = ? and o.appointment >= ? and o.appointment < ? and o.technician_id is not null
    and ${activeOrderSql('o')}${ofOrders ? ' and o.id = any(?::int[])' : ''}`);
const COUNTRY_DAY_SQL = countryDaySql(false);
const COUNTRY_DAY_OF_ORDERS_SQL = countryDaySql(true);

/** A visit as the statement hands it back (through JSON: instants are text). */
export interface DayVisitJson {
  id: number;
  appointment: string;
  duration: number;
  stage: EstimateStage | null;
  expected_arrival: string | null;
  arrived_at: string | null;
  finished_at: string | null;
}

export interface TechnicianDayRow {
  technician_id: number;
  local_date: string;
  zone: string;
  confirmed: boolean;
  visits: DayVisitJson[];
  samples: { work: number[]; travel: number[]; start: number[] } | null;
}

/** The statements of the narrow time: a technician's day with his history, in one round trip. */
export class VisitEstimateRepository {
  constructor(private readonly em: EntityManager) {}

  /** The day of the order's technician on the order's day; undefined without a technician or an active order. */
  async dayOfOrder(orderId: number): Promise<TechnicianDayRow | undefined> {
    const [row] = await this.em.execute<TechnicianDayRow[]>(ORDER_DAY_SQL, [orderId]);
    return row;
  }

  /**
   * The days of every technician with an active order on the country's day; with `orderIds`, only the days holding
   * one of those orders.
   */
  daysOfCountry(
    country: Country,
    localDate: string,
    range: { start: Date; end: Date },
    orderIds?: readonly number[],
  ): Promise<TechnicianDayRow[]> {
    const params = [localDate, TIME_ZONE[country], country, range.start, range.end];
    if (orderIds === undefined) return this.em.execute<TechnicianDayRow[]>(COUNTRY_DAY_SQL, params);
    if (orderIds.length === 0) return Promise.resolve([]);
    return this.em.execute<TechnicianDayRow[]>(COUNTRY_DAY_OF_ORDERS_SQL, [...params, arrayLiteral(orderIds)]);
  }
}
