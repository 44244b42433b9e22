import type { AppContext } from '../context.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { TIME_ZONE } from '../common/locale.js';
import { type LocalDate, localDayRange } from '../../shared/zoned-time.js';
import { parseLocalDateInput } from '../holidays/local-date-input.js';
import type { NamedVisits, UsageStatistics } from './usage-statistics.types.js';

/** The browser and operating-system charts show the top 10 (docs/rules.md, Statistics). */
export const TOP_COUNT = 10;
const HOURS_PER_DAY = 24;

export interface StatisticsPeriod {
  /** First local day, inclusive (YYYY-MM-DD). */
  from?: string | null;
  /** Last local day, inclusive (YYYY-MM-DD). */
  to?: string | null;
}

interface AggregateRow {
  kind: 'hour' | 'browser' | 'os' | 'siteVisit' | 'mailRead';
  name: string | null;
  visits: number | null;
  average: number | null;
}

/** `where <column> >= ? and <column> < ?`, or nothing for an open side. */
function rangeClause(column: string, from: Date | undefined, to: Date | undefined) {
  const conditions: string[] = [];
  const params: Date[] = [];
  if (from) {
    conditions.push(`"${column}" >= ?`);
    params.push(from);
  }
  if (to) {
    conditions.push(`"${column}" < ?`);
    params.push(to);
  }
  return { sql: conditions.length > 0 ? `where ${conditions.join(' and ')}` : '', params };
}

/**
 * One statement, five aggregates, nothing loaded row by row. Hours are counted in whole UTC hours
 * first (a cheap integer bucket on the covering index) and only the buckets are moved into the local
 * zone: Amsterdam and Brussels differ from UTC by whole hours, so a UTC hour lies in one local hour.
 */
function statisticsSql(visitRange: string, mailRange: string): string {
  return `
    select 'hour' as kind, extract(hour from bucket at time zone ?)::int::text as name,
           sum(visits)::int as visits, null::float8 as average
      from (select date_bin('1 hour', visited_at, timestamptz '2000-01-01 00:00:00+00') as bucket, count(*) as visits
              from site_visits ${visitRange} group by 1) as hourly
     group by 2
    union all
    (select 'browser', browser, count(*)::int, null from site_visits ${visitRange}
      group by browser order by 3 desc, 2 limit ${TOP_COUNT})
    union all
    (select 'os', os, count(*)::int, null from site_visits ${visitRange}
      group by os order by 3 desc, 2 limit ${TOP_COUNT})
    union all
    select 'siteVisit', null, sum(visits)::int, sum(visits)::float8 / nullif(count(*), 0)
      from (select order_id, count(*) as visits from site_visits ${visitRange} group by order_id) as per_order
    union all
    select 'mailRead', null, sum(opens)::int, sum(opens)::float8 / nullif(count(*), 0)
      from (select order_id, count(*) as opens from mail_opens ${mailRange} group by order_id) as per_order`;
}

export class UsageStatisticsService {
  constructor(private readonly ctx: AppContext) {}

  /** The zone of the site the admin works on: NL Europe/Amsterdam, BE Europe/Brussels. */
  private get zone(): string {
    return TIME_ZONE[this.ctx.country];
  }

  async statistics(period: StatisticsPeriod = {}): Promise<UsageStatistics> {
    const { from, to } = this.parsePeriod(period);
    const zone = this.zone;
    const start = from ? localDayRange(from, zone).start : undefined;
    const end = to ? localDayRange(to, zone).end : undefined;
    const visitRange = rangeClause('visited_at', start, end);
    const mailRange = rangeClause('opened_at', start, end);
    const rows = await this.ctx.em
      .getConnection()
      .execute<AggregateRow[]>(statisticsSql(visitRange.sql, mailRange.sql), [
        zone,
        ...visitRange.params,
        ...visitRange.params,
        ...visitRange.params,
        ...visitRange.params,
        ...mailRange.params,
      ]);
    return toStatistics(rows, zone);
  }

  private parsePeriod(period: StatisticsPeriod): { from?: LocalDate; to?: LocalDate } {
    const from = period.from?.trim() ? parseLocalDateInput(period.from, 'from') : undefined;
    const to = period.to?.trim() ? parseLocalDateInput(period.to, 'to') : undefined;
    if (from && to && to < from) {
      throw new AppError(CommonError.BAD_USER_INPUT, {
        message: 'STATISTICS_RANGE_REVERSED',
        fields: [{ field: 'to', message: 'STATISTICS_RANGE_REVERSED' }],
      });
    }
    return { from, to };
  }
}

function toStatistics(rows: AggregateRow[], timeZone: string): UsageStatistics {
  const perHour = new Array<number>(HOURS_PER_DAY).fill(0);
  const browsers: NamedVisits[] = [];
  const operatingSystems: NamedVisits[] = [];
  let averageSiteVisit: number | null = null;
  let averageMailRead: number | null = null;
  let totalVisits = 0;
  for (const row of rows) {
    switch (row.kind) {
      case 'hour':
        perHour[Number(row.name)] += row.visits ?? 0;
        break;
      case 'browser':
        browsers.push({ name: row.name ?? '', visits: row.visits ?? 0 });
        break;
      case 'os':
        operatingSystems.push({ name: row.name ?? '', visits: row.visits ?? 0 });
        break;
      case 'siteVisit':
        averageSiteVisit = row.average;
        totalVisits = row.visits ?? 0;
        break;
      case 'mailRead':
        averageMailRead = row.average;
        break;
    }
  }
  return {
    usagePerHour: perHour.map((visits, hour) => ({ hour, visits })),
    browsers,
    operatingSystems,
    averageSiteVisit,
    averageMailRead,
    totalVisits,
    timeZone,
  };
}
