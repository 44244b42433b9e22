import type { AppContext } from '../context.js';
import { readableCountryOf } from '../common/auth/viewer.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { TIME_ZONE } from '../common/locale.js';
import { type LocalDate, localDayRange } from '../../shared/zoned-time.js';
import { parseLocalDateInput } from '../holidays/local-date-input.js';
import type { NamedVisits, UsageStatistics } from './usage-statistics.types.js';
import { StatisticsRepository, type UsageAggregateRow } from './repository/statistics.repository.js';

/** The browser and operating-system charts show the top 10 (docs/rules.md, Statistics). */
export const TOP_COUNT = 10;
const HOURS_PER_DAY = 24;

export interface StatisticsPeriod {
  /** First local day, inclusive (YYYY-MM-DD). */
  from?: string | null;
  /** Last local day, inclusive (YYYY-MM-DD). */
  to?: string | null;
}

export class UsageStatisticsService {
  constructor(private readonly ctx: AppContext) {}

  async statistics(period: StatisticsPeriod = {}): Promise<UsageStatistics> {
    const { from, to } = this.parsePeriod(period);
    // An application's key of one country counts the lookups of that country's orders only, in its zone; anyone
    // else counts them all, in the zone of the site they work on (NL Europe/Amsterdam, BE Europe/Brussels).
    const country = readableCountryOf(this.ctx.viewer, null);
    const zone = TIME_ZONE[country ?? this.ctx.country];
    const start = from ? localDayRange(from, zone).start : undefined;
    const end = to ? localDayRange(to, zone).end : undefined;
    const rows = await new StatisticsRepository(this.ctx.em).usageAggregates({
      zone,
      start,
      end,
      top: TOP_COUNT,
      country,
    });
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

function toStatistics(rows: UsageAggregateRow[], timeZone: string): UsageStatistics {
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
