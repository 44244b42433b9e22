import { useId, type ReactNode } from 'react';
import { useI18n } from '../../../i18n/i18n';
import type { StatisticsChartOption } from '../chart-options';
import { Chart } from '../Chart';

/** The numbers of a chart as a table: a header per column, a row per bar or slice. */
export interface ChartTable {
  columns: string[];
  rows: { key: string; cells: (string | number)[] }[];
}

/** A chart with its title, a text summary for assistive technology and the same numbers as a table. */
export function ChartCard({
  title,
  option,
  summary,
  empty,
  table,
  wide,
  children,
}: {
  title: string;
  option: StatisticsChartOption;
  /** What the chart shows, in words; null when it shows nothing (then `empty` is said instead). */
  summary: string | null;
  empty: string;
  table: ChartTable;
  wide?: boolean;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const headingId = useId();
  return (
    <section className={wide ? 'card stats-chart stats-chart-wide' : 'card stats-chart'} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <Chart option={option} label={t('admin.statistics.chartSummary', { title, summary: summary ?? empty })} />
      {summary === null && <p className="muted">{empty}</p>}
      {children}
      <details className="stats-table">
        <summary>{t('admin.statistics.asTable')}</summary>
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                {table.columns.map((column) => (
                  <th scope="col" key={column}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.key}>
                  {row.cells.map((cell, index) => (
                    <td key={index}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
