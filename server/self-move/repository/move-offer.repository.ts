import type { EntityManager } from '@mikro-orm/postgresql';
import type { Country } from '../../common/locale.js';
import type { LocalDate } from '../../../shared/zoned-time.js';

/** A technician's day that could take the visit: how full it is and whether he confirmed it. */
export interface TechnicianDayRow {
  technicianId: number;
  day: LocalDate;
  visits: number;
  confirmed: boolean;
}

/** The country's self-service settings and whether the visit is under way, read together. */
export interface MoveState {
  enabled: boolean;
  daysAhead: number;
  capacityPerDay: number;
  /** The technician set out for the visit, arrived or finished it: a visit under way stays. */
  underWay: boolean;
}

/** What the offers of one order are read for. */
export interface OfferQuery {
  orderId: number;
  country: Country;
  zone: string;
  /** The order's own technician: every day of the range is his to offer. */
  technicianId: number;
  /** The order's postcode area: another technician only where he works in it that day. */
  area: string | null;
  first: LocalDate;
  last: LocalDate;
  /** The instants of the range: local midnight of `first` up to the end of `last`. */
  from: Date;
  to: Date;
}

/** The statements of self-service moves. */
export class MoveOfferRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * In one statement: every day of the range for the order's technician, and each day another technician of the
   * country has an active visit in the order's postcode area; each with its number of active visits and whether its
   * schedule is confirmed. The area's days come from the area index, the counts from the technician-day index; the
   * days are read once (materialized), not again for each technician of the country.
   */
  technicianDays(query: OfferQuery): Promise<TechnicianDayRow[]> {
    const { zone } = query;
    return this.em.execute<TechnicianDayRow[]>(
      `with near as materialized (
         select distinct o.technician_id, (o.appointment at time zone ?)::date as day
         from orders o
         where left(o.zipcode, 2) = ? and o.appointment >= ? and o.appointment < ? and o.deleted_at is null
           and o.country = ? and o.technician_id is not null and o.technician_id <> ? and o.id <> ?
       ), wanted as materialized (
         select technician_id, day from near
         union all
         select ?::int, d::date from generate_series(?::date, ?::date, interval '1 day') d
       )
       select w.technician_id as "technicianId", w.day::text as day,
         (select count(*)::int from orders x
           where x.technician_id = w.technician_id and x.deleted_at is null
             and x.appointment >= (w.day::timestamp at time zone ?)
             and x.appointment < ((w.day + 1)::timestamp at time zone ?)) as visits,
         exists (select 1 from schedule_confirmations c
           where c.technician_id = w.technician_id and c.date = w.day) as confirmed
       from wanted w
       where exists (select 1 from technicians t where t.id = w.technician_id and t.country = ?)`,
      [
        zone,
        query.area ?? '',
        query.from,
        query.to,
        query.country,
        query.technicianId,
        query.orderId,
        query.technicianId,
        query.first,
        query.last,
        zone,
        zone,
        query.country,
      ],
    );
  }

  /**
   * Takes the place of a technician's day for this transaction, then counts its active visits afresh: two consumers
   * taking the last place of one day wait for each other, and the second counts the first's move.
   */
  async lockAndCount(technicianId: number, day: LocalDate, zone: string): Promise<number> {
    const dayNumber = Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
    await this.em.execute('select pg_advisory_xact_lock(?::int, ?::int)', [technicianId, dayNumber]);
    const rows = await this.em.execute<{ visits: number }[]>(
      `select count(*)::int as visits from orders x
       where x.technician_id = ? and x.deleted_at is null
         and x.appointment >= (?::date::timestamp at time zone ?)
         and x.appointment < ((?::date + 1)::timestamp at time zone ?)`,
      [technicianId, day, zone, day, zone],
    );
    return rows[0]?.visits ?? 0;
  }

  /** The settings of the order's country and whether its visit is under way, in one statement. */
  async state(orderId: number, country: Country): Promise<MoveState> {
    const rows = await this.em.execute<MoveState[]>(
      // A visit has a status from the technician's first step on (a step back to "planned" removes it).
      `select s.enabled, s.days_ahead as "daysAhead", s.capacity_per_day as "capacityPerDay",
         exists (select 1 from visit_statuses v where v.order_id = ?) as "underWay"
       from self_move_settings s where s.country = ?`,
      [orderId, country],
    );
    // Every country has its row from the migration on.
    if (!rows[0]) throw new Error(`no self-service settings for ${country}`);
    return rows[0];
  }
}
