import type { EntityManager } from '@mikro-orm/postgresql';
import { ASYNC_COMMIT_FROM } from '../../common/db/async-commit.js';
import type { PlainStatements } from '../../common/db/plain-statements.js';
import type { Country } from '../../common/locale.js';
import { type OrderFilterInput, orderFilterCondition } from '../../orders/index.js';
import { FigureGrouping } from '../office-figures.types.js';

/** One aggregate of the usage statistics. */
export interface UsageAggregateRow {
  kind: 'hour' | 'browser' | 'os' | 'siteVisit' | 'mailRead';
  name: string | null;
  visits: number | null;
  average: number | null;
}

/** A row of the office's figures: a group (day, country or technician) or the total, each figure counted. */
export type OfficeFigureSqlRow<Figure extends string> = {
  is_total: number;
  day: string | null;
  country: Country | null;
  technician_id: number | null;
  personal_number: string | null;
  firstname: string | null;
  lastname: string | null;
  visits: number;
  average_rating: number | string | null;
} & Record<Figure, number>;

/** A site visit to write: the user agent cut to its column, its browser and system already named. */
export interface NewSiteVisitRow {
  order_id: number;
  visited_at: string;
  user_agent: string;
  browser: string;
  os: string;
}

/** The rows travel as one JSON parameter, so the statement's text is the same for any batch size. */
const INSERT_SITE_VISITS_SQL = `
  insert into site_visits (order_id, visited_at, user_agent, browser, os)
  select order_id, visited_at, user_agent, browser, os
  from json_to_recordset(?::json) as v(order_id int, visited_at timestamptz, user_agent text, browser text, os text),
    ${ASYNC_COMMIT_FROM}`;

/**
 * Writes a batch of site visits in one statement, outside any transaction: no entity, no unit of work. Its rows
 * travel as one bind parameter: the ORM's path writes each value into the statement's text, and escaping a batch's
 * JSON character by character cost several kilobytes of garbage per recorded lookup.
 */
export async function insertSiteVisits(statements: PlainStatements, rows: readonly NewSiteVisitRow[]): Promise<void> {
  await statements.rows(INSERT_SITE_VISITS_SQL, [JSON.stringify(rows)]);
}

/** `where <column> >= ? and <column> < ?`, or nothing for an open side. */
function rangeClause(column: string, from: Date | undefined, to: Date | undefined, country: Country | null = null) {
  const conditions: string[] = [];
  const params: (Date | Country)[] = [];
  if (from) {
    conditions.push(`"${column}" >= ?`);
    params.push(from);
  }
  if (to) {
    conditions.push(`"${column}" < ?`);
    params.push(to);
  }
  if (country) {
    conditions.push('order_id in (select o.id from orders o where o.country = ?)');
    params.push(country);
  }
  return { sql: conditions.length > 0 ? `where ${conditions.join(' and ')}` : '', params };
}

/**
 * One statement, five aggregates, nothing loaded row by row. Hours are counted in whole UTC hours
 * first (a cheap integer bucket on the covering index) and only the buckets are moved into the local
 * zone: Amsterdam and Brussels differ from UTC by whole hours, so a UTC hour lies in one local hour.
 */
function usageSql(visitRange: string, mailRange: string, top: number): string {
  return `
    select 'hour' as kind, extract(hour from bucket at time zone ?)::int::text as name,
           sum(visits)::int as visits, null::float8 as average
      from (select date_bin('1 hour', visited_at, timestamptz '2000-01-01 00:00:00+00') as bucket, count(*) as visits
              from site_visits ${visitRange} group by 1) as hourly
     group by 2
    union all
    (select 'browser', browser, count(*)::int, null from site_visits ${visitRange}
      group by browser order by 3 desc, 2 limit ${Math.floor(top)})
    union all
    (select 'os', os, count(*)::int, null from site_visits ${visitRange}
      group by os order by 3 desc, 2 limit ${Math.floor(top)})
    union all
    select 'siteVisit', null, sum(visits)::int, sum(visits)::float8 / nullif(count(*), 0)
      from (select order_id, count(*) as visits from site_visits ${visitRange} group by order_id) as per_order
    union all
    select 'mailRead', null, sum(opens)::int, sum(opens)::float8 / nullif(count(*), 0)
      from (select order_id, count(*) as opens from mail_opens ${mailRange} group by order_id) as per_order`;
}

/** What a row is about, as SQL: the columns it is grouped by and the ones it reads beside them. */
function groupingSql(groupBy: FigureGrouping, zone: string): { keys: string[]; columns: string } {
  const none = { day: 'null::text', country: 'null::country', technician: 'null::int' };
  const names = 'null::text as personal_number, null::text as firstname, null::text as lastname';
  switch (groupBy) {
    case FigureGrouping.DAY: {
      // The zone is one of ours (shared/locale.ts), never the caller's text: a literal keeps the select and the
      // grouping the same expression.
      const day = `to_char((o.appointment at time zone '${zone}')::date, 'YYYY-MM-DD')`;
      return {
        keys: [day],
        columns: `${day} as day, ${none.country} as country, ${none.technician} as technician_id, ${names}`,
      };
    }
    case FigureGrouping.COUNTRY:
      return {
        keys: ['o.country'],
        columns: `${none.day} as day, o.country, ${none.technician} as technician_id, ${names}`,
      };
    case FigureGrouping.TECHNICIAN:
      return {
        keys: ['o.technician_id', 't.personal_number', 't.firstname', 't.lastname'],
        columns: `${none.day} as day, ${none.country} as country, o.technician_id,
          t.personal_number, t.firstname, t.lastname`,
      };
  }
}

/**
 * Every figure of every row, and of the whole period, in one statement: `rollup` adds the total to the groups,
 * each figure is a `count(*) filter (where ...)` with the order list's own condition, so a figure and the list
 * it links to cannot disagree. Bounded by the period (at most FIGURES_MAX_DAYS days, on the appointment index);
 * a row per day, country or technician.
 */
function figuresSql(
  filters: Record<string, OrderFilterInput>,
  query: { start: Date; end: Date; groupBy: FigureGrouping; country: Country | null; zone: string },
) {
  const { keys, columns } = groupingSql(query.groupBy, query.zone);
  const params: unknown[] = [];
  const figures = Object.entries(filters).map(([name, filter]) => {
    const condition = orderFilterCondition(filter);
    params.push(...condition.params);
    return `count(*) filter (where ${condition.sql})::int as "${name}"`;
  });
  const base = orderFilterCondition({
    from: query.start,
    to: query.end,
    country: query.country,
    deleted: false,
  });
  const sql = `select grouping(${keys[0]}) as is_total, ${columns},
      count(*)::int as visits,
      ${figures.join(',\n      ')},
      avg(vr.score)::float8 as average_rating
    from orders o
    left join technicians t on t.id = o.technician_id
    left join visit_ratings vr on vr.order_id = o.id
    where ${base.sql}
    group by rollup((${keys.join(', ')}))`;
  return { sql, params: [...params, ...base.params] };
}

/**
 * The statements of the statistics: site visits, mail opens and the office's figures. The services keep what the
 * figures mean (which filter counts what, the top ten, the periods) and ask here for the rows.
 */
export class StatisticsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Visits per local hour of `zone`, the top `top` browsers and operating systems, visits per looked-up order and
   * mail opens per mailed order, between `start` and `end` (either side open when not given).
   */
  usageAggregates(query: {
    zone: string;
    start?: Date;
    end?: Date;
    top: number;
    /** Only the lookups and mail opens of this country's orders; null: all. */
    country?: Country | null;
  }): Promise<UsageAggregateRow[]> {
    const visitRange = rangeClause('visited_at', query.start, query.end, query.country);
    const mailRange = rangeClause('opened_at', query.start, query.end, query.country);
    return this.em
      .getConnection()
      .execute<UsageAggregateRow[]>(usageSql(visitRange.sql, mailRange.sql, query.top), [
        query.zone,
        ...visitRange.params,
        ...visitRange.params,
        ...visitRange.params,
        ...visitRange.params,
        ...mailRange.params,
      ]);
  }

  /** Records a mail open of the order at `at` while the order exists; false when no order has the id. */
  async recordMailOpen(orderId: number, at: Date): Promise<boolean> {
    const result = await this.em
      .getConnection()
      .execute<{ affectedRows: number }>(
        'insert into mail_opens (opened_at, order_id) select ?, id from orders where id = ?',
        [at, orderId],
        'run',
      );
    return result.affectedRows > 0;
  }

  /**
   * The office's figures of the active orders from `start` to `end` (one country, or both), grouped, with the total:
   * each figure named in `filters` counts the orders the order list's filter of that name lists.
   */
  officeFigureRows<Figure extends string>(
    filters: Record<Figure, OrderFilterInput>,
    query: { start: Date; end: Date; groupBy: FigureGrouping; country: Country | null; zone: string },
  ): Promise<OfficeFigureSqlRow<Figure>[]> {
    const { sql, params } = figuresSql(filters, query);
    return this.em.execute<OfficeFigureSqlRow<Figure>[]>(sql, params);
  }
}
