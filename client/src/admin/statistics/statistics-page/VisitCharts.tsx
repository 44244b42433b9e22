import { useMemo } from 'react';
import { hourLabel } from '../../../../../shared/hours.js';
import type { StatisticsCharts_StatisticsFragment } from '../../../gql/graphql';
import { useI18n } from '../../../i18n/i18n';
import { buildTopTenPieOption, buildVisitsPerHourOption, topTen, visitsByHour } from '../chart-options';
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

/** The site's visits: per hour, and the ten most used browsers and operating systems. */
export function VisitCharts({ statistics }: { statistics: StatisticsCharts_StatisticsFragment }) {
  const { t } = useI18n();
  const seriesName = t('admin.statistics.visits');
  const unknown = t('admin.statistics.unknown');
  const noVisits = t('admin.statistics.noVisits');
  const perHour = useMemo(
    () => buildVisitsPerHourOption(statistics.usagePerHour, { seriesName }),
    [statistics.usagePerHour, seriesName],
  );
  const browsers = useMemo(
    () => buildTopTenPieOption(statistics.browsers, { seriesName, unknown }),
    [statistics.browsers, seriesName, unknown],
  );
  const systems = useMemo(
    () => buildTopTenPieOption(statistics.operatingSystems, { seriesName, unknown }),
    [statistics.operatingSystems, seriesName, unknown],
  );
  const hourRows = visitsByHour(statistics.usagePerHour).map((visits, hour) => ({ label: hourLabel(hour), visits }));
  const rowsOf = (items: StatisticsCharts_StatisticsFragment['browsers']) =>
    topTen(items, unknown).map((slice) => ({ label: slice.name, visits: slice.value }));
  const browserRows = rowsOf(statistics.browsers);
  const systemRows = rowsOf(statistics.operatingSystems);

  return (
    <>
      <ChartCard
        title={t('admin.statistics.perHour')}
        option={perHour}
        summary={visitsSummary(hourRows)}
        empty={noVisits}
        table={visitsTable(t('admin.statistics.hour'), seriesName, hourRows)}
        wide
      >
        <p className="muted stats-note">{t('admin.statistics.timeZone', { zone: statistics.timeZone })}</p>
      </ChartCard>
      <ChartCard
        title={t('admin.statistics.browsers')}
        option={browsers}
        summary={visitsSummary(browserRows)}
        empty={noVisits}
        table={visitsTable(t('admin.statistics.name'), seriesName, browserRows)}
      />
      <ChartCard
        title={t('admin.statistics.systems')}
        option={systems}
        summary={visitsSummary(systemRows)}
        empty={noVisits}
        table={visitsTable(t('admin.statistics.name'), seriesName, systemRows)}
      />
    </>
  );
}
