import type { LegacyStatisticsQuery } from '../legacy-operations.generated.js';
import { queryValue, type LegacyRequest } from '../legacy-values.js';

/** The period, `from` and `to` as YYYY-MM-DD in the query string; absent: all time. */
export const statisticsVariables = ({ query }: LegacyRequest) => ({
  from: queryValue(query.from),
  to: queryValue(query.to),
});

const namedValue = ({ name, visits }: { name: string; visits: number }) => ({ name, value: visits });

/** The chart data the legacy statistics screen reads: `{name, value}` pairs, averages in one-element lists. */
export function toLegacyStatistics(statistics: LegacyStatisticsQuery['statistics']) {
  return {
    usagePerHour: statistics.usagePerHour.map(({ hour, visits }) => ({ name: hour, value: visits })),
    browser: statistics.browsers.map(namedValue),
    os: statistics.operatingSystems.map(namedValue),
    averageMailRead: [{ average: statistics.averageMailRead }],
    averageSiteVisit: [{ average: statistics.averageSiteVisit }],
  };
}
