import { useMemo } from 'react';
import { formatHour } from '../../../../../shared/clock-time.js';
import type { StatisticsCharts_StatisticsFragment } from '../../../gql/graphql';
import { useI18n } from '../../../i18n/i18n';
import { buildTopTenPieOption, buildVisitsPerHourOption, topTen, visitsByHour, type NameCount } from '../chart-options';
import { ChartCard, type ChartTable } from './ChartCard';

interface Row {
  label: string;
  visits: number;
}

const visitsTable = (firstColumn: string, visits: string, rows: Row[]): ChartTable => ({
  columns: [firstColumn, visits],
  rows: rows.map((row) => ({ key: row.label, cells: [row.label, row.visits] })),
});

/** The visits in words: each row with visits, or null when there were none. */
function visitsSummary(rows: Row[]): string | null {
  const counted = rows.filter((row) => row.visits > 0);
  return counted.length ? counted.map((row) => `${row.label} ${row.visits}`).join(', ') : null;
}

/** A pie of the ten most used browsers or operating systems, with its table. */
function TopTenCard({ title, items }: { title: string; items: readonly NameCount[] }) {
  const { t } = useI18n();
  const seriesName = t('admin.statistics.visits');
  const unknown = t('admin.statistics.unknown');
  const option = useMemo(() => buildTopTenPieOption(items, { seriesName, unknown }), [items, seriesName, unknown]);
  const rows = topTen(items, unknown).map((slice) => ({ label: slice.name, visits: slice.value }));
  return (
    <ChartCard
      title={title}
      option={option}
      summary={visitsSummary(rows)}
      empty={t('admin.statistics.noVisits')}
      table={visitsTable(t('admin.statistics.name'), seriesName, rows)}
    />
  );
}

/** The site's visits: per hour, and the ten most used browsers and operating systems. */
export function VisitCharts({ statistics }: { statistics: StatisticsCharts_StatisticsFragment }) {
  const { t, language } = useI18n();
  const seriesName = t('admin.statistics.visits');
  const perHour = useMemo(
    () => buildVisitsPerHourOption(statistics.usagePerHour, { seriesName, language }),
    [statistics.usagePerHour, seriesName, language],
  );
  const hourRows = visitsByHour(statistics.usagePerHour).map((visits, hour) => ({
    label: formatHour(hour, language),
    visits,
  }));

  return (
    <>
      <ChartCard
        title={t('admin.statistics.perHour')}
        option={perHour}
        summary={visitsSummary(hourRows)}
        empty={t('admin.statistics.noVisits')}
        table={visitsTable(t('admin.statistics.hour'), seriesName, hourRows)}
        wide
      >
        <p className="muted stats-note">{t('admin.statistics.timeZone', { zone: statistics.timeZone })}</p>
      </ChartCard>
      <TopTenCard title={t('admin.statistics.browsers')} items={statistics.browsers} />
      <TopTenCard title={t('admin.statistics.systems')} items={statistics.operatingSystems} />
    </>
  );
}
