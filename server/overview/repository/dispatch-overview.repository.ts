import type { EntityManager } from '@mikro-orm/postgresql';
import type { Country } from '../../common/locale.js';
import { LATE_AT_SQL, type OrderFilterInput, activeOrderSql, orderFilterCondition } from '../../orders/index.js';

/** A day of a country to count, as an instant range, with what the day is (today, the next working day...). */
export interface OverviewDaySpan<Kind extends string> {
  kind: Kind;
  country: Country;
  start: Date;
  end: Date;
}

/** The counts of one day of one country: its orders, its technicians, and each figure asked for. */
export type OverviewFigureRow<Kind extends string, Figure extends string> = { kind: Kind; country: Country } & Record<
  Figure | 'orders' | 'techniciansWorking' | 'techniciansConfirmed' | ProgressFigure,
  string | number
>;

/** Where the day's visits are at `now`: the board's stages, and late by the one rule (shared/visit-lateness.ts). */
export type ProgressFigure = 'finished' | 'underWay' | 'toCome' | 'late';

/**
 * Counts every figure of every (day, country) in one statement: the days are a VALUES list joined to the orders of
 * their window (the appointment index), each figure a `count(*) filter (where ...)` with the list's own condition.
 * A day of one country is a few hundred orders, so the statement is bounded by the days asked for (four at most).
 */
function overviewSql(
  filters: Record<string, OrderFilterInput>,
  days: readonly OverviewDaySpan<string>[],
  now: Date,
): { sql: string; params: unknown[] } {
  const figureParams: unknown[] = [];
  const figures = Object.entries(filters).map(([name, filter]) => {
    // `informed` asks for a start (the list refuses it without one); the day's window is that start here.
    const condition = orderFilterCondition({ ...filter, from: new Date(0) });
    figureParams.push(...condition.params);
    return `count(o.id) filter (where ${condition.sql})::int as "${name}"`;
  });
  const confirmed = orderFilterCondition({ dayConfirmed: true });
  const values = days.map(() => '(?::text, ?::country, ?::timestamptz, ?::timestamptz)').join(', ');
  const dayParams = days.flatMap((day) => [day.kind, day.country, day.start, day.end]);
  const sql = `select d.kind, d.country,
      count(o.id)::int as "orders",
      count(distinct o.technician_id)::int as "techniciansWorking",
      count(distinct o.technician_id) filter (where ${confirmed.sql})::int as "techniciansConfirmed",
      ${figures.join(',\n      ')},
      count(o.id) filter (where vs.stage = 'FINISHED')::int as "finished",
      count(o.id) filter (where vs.stage in ('ON_THE_WAY', 'ARRIVED'))::int as "underWay",
      count(o.id) filter (where vs.stage is null)::int as "toCome",
      count(o.id) filter (where ${LATE_AT_SQL})::int as "late"
    from (values ${values}) as d(kind, country, day_start, day_end)
    left join orders o on o.country = d.country and o.appointment >= d.day_start and o.appointment < d.day_end
      and ${activeOrderSql('o')}
    left join visit_statuses vs on vs.order_id = o.id
    group by d.kind, d.country`;
  // In the order of the text: the select list's, then the days'.
  return { sql, params: [...confirmed.params, ...figureParams, now, ...dayParams] };
}

/** The dispatch overview's statement; the service decides which days and which figures. */
export class DispatchOverviewRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Per day and country, its active orders, the technicians working and those who confirmed, each figure named in
   * `filters` counted by the order list's filter of that name, and where its visits are at `now`.
   */
  dayFigures<Kind extends string, Figure extends string>(
    filters: Record<Figure, OrderFilterInput>,
    days: readonly OverviewDaySpan<Kind>[],
    now: Date,
  ): Promise<OverviewFigureRow<Kind, Figure>[]> {
    const { sql, params } = overviewSql(filters, days, now);
    return this.em.execute<OverviewFigureRow<Kind, Figure>[]>(sql, params);
  }
}
