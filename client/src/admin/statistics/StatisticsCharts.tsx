import { useId, useMemo, type ReactNode } from 'react';
import { hourLabel } from '../../../../shared/hours.js';
import { graphql } from '../../gql';
import type { StatisticsCharts_StatisticsFragment } from '../../gql/graphql';
import { useI18n } from '../../i18n/i18n';
import {
  buildTopTenPieOption,
  buildVisitsPerHourOption,
  topTen,
  visitsByHour,
  type StatisticsChartOption,
} from './chart-options';
import { Chart } from './Chart';

/** @public Read by codegen: the statistics query of the page spreads it. */
export const StatisticsChartsFragment = graphql(`
  fragment StatisticsCharts_statistics on UsageStatistics {
    usagePerHour {
      hour
      visits
    }
    browsers {
      name
      visits
    }
    operatingSystems {
      name
      visits
    }
    timeZone
  }
`);

interface Row {
  label: string;
  visits: number;
}

/** A chart with its title, a text summary for assistive technology and the same numbers as a table. */
function ChartCard({
  title,
  option,
  rows,
  firstColumn,
  wide,
  children,
}: {
  title: string;
  option: StatisticsChartOption;
  rows: Row[];
  firstColumn: string;
  wide?: boolean;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const headingId = useId();
  const counted = rows.filter((row) => row.visits > 0);
  const summary = counted.length
    ? counted.map((row) => `${row.label} ${row.visits}`).join(', ')
    : t('admin.statistics.noVisits');
  return (
    <section className={wide ? 'card stats-chart stats-chart-wide' : 'card stats-chart'} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <Chart option={option} label={t('admin.statistics.chartSummary', { title, summary })} />
      {counted.length === 0 && <p className="muted">{t('admin.statistics.noVisits')}</p>}
      {children}
      <details className="stats-table">
        <summary>{t('admin.statistics.asTable')}</summary>
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{firstColumn}</th>
                <th scope="col">{t('admin.statistics.visits')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label}>
                  <td>{row.label}</td>
                  <td>{row.visits}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

/** The three charts of the statistics screen; loaded on demand, so ECharts is downloaded only here. */
export default function StatisticsCharts({ statistics }: { statistics: StatisticsCharts_StatisticsFragment }) {
  const { t } = useI18n();
  const seriesName = t('admin.statistics.visits');
  const unknown = t('admin.statistics.unknown');

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

  return (
    <div className="stats-charts">
      <ChartCard
        title={t('admin.statistics.perHour')}
        option={perHour}
        rows={hourRows}
        firstColumn={t('admin.statistics.hour')}
        wide
      >
        <p className="muted stats-note">{t('admin.statistics.timeZone', { zone: statistics.timeZone })}</p>
      </ChartCard>
      <ChartCard
        title={t('admin.statistics.browsers')}
        option={browsers}
        rows={rowsOf(statistics.browsers)}
        firstColumn={t('admin.statistics.name')}
      />
      <ChartCard
        title={t('admin.statistics.systems')}
        option={systems}
        rows={rowsOf(statistics.operatingSystems)}
        firstColumn={t('admin.statistics.name')}
      />
    </div>
  );
}
