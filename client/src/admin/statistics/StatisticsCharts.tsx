import { useCallback, useId, useMemo, type ReactNode } from 'react';
import { hourLabel } from '../../../../shared/hours.js';
import { FIGURES_MAX_DAYS } from '../../../../shared/office-figures.js';
import { graphql } from '../../gql';
import type { StatisticsCharts_MailReadsFragment, StatisticsCharts_StatisticsFragment } from '../../gql/graphql';
import { formatLocalDate } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import {
  buildMailReadsOption,
  buildTopTenPieOption,
  buildVisitsPerHourOption,
  topTen,
  visitsByHour,
  type StatisticsChartOption,
} from './chart-options';
import { Chart } from './Chart';
import { MAIL_READ_DEFAULT_DAYS } from './mail-read-period';

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

/** The numbers of a chart as a table: a header per column, a row per bar or slice. */
interface ChartTable {
  columns: string[];
  rows: { key: string; cells: (string | number)[] }[];
}

const visitsTable = (firstColumn: string, visits: string, rows: Row[]): ChartTable => ({
  columns: [firstColumn, visits],
  rows: rows.map((row) => ({ key: row.label, cells: [row.label, row.visits] })),
});

/** A chart with its title, a text summary for assistive technology and the same numbers as a table. */
function ChartCard({
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

/** The visits in words: each row with visits, or null when there were none. */
function visitsSummary(rows: Row[]): string | null {
  const counted = rows.filter((row) => row.visits > 0);
  return counted.length ? counted.map((row) => `${row.label} ${row.visits}`).join(', ') : null;
}

/** @public Read by codegen: the statistics query of the page spreads it. */
export const StatisticsChartsMailReadsFragment = graphql(`
  fragment StatisticsCharts_mailReads on MailReads {
    from
    to
    days {
      date
      sent
      opened
      readPercent
    }
    total {
      sent
      opened
      readPercent
    }
  }
`);

/**
 * The charts of the statistics screen: visits per hour, browsers, systems, and the consumer mails sent and read per
 * day; loaded on demand, so ECharts is downloaded only here.
 */
export default function StatisticsCharts({
  statistics,
  mailReads,
}: {
  statistics: StatisticsCharts_StatisticsFragment;
  mailReads: StatisticsCharts_MailReadsFragment;
}) {
  const { t, language, country } = useI18n();
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

  const sentText = t('admin.statistics.mailsSent');
  const openedText = t('admin.statistics.mailsOpened');
  const readRateText = t('admin.statistics.readRate');
  const percentFormat = useMemo(
    () => new Intl.NumberFormat(`${language}-${country}`, { maximumFractionDigits: 0 }),
    [language, country],
  );
  const percent = useCallback(
    (value: number | null) => (value === null ? '–' : `${percentFormat.format(value)} %`),
    [percentFormat],
  );
  const mailDays = useMemo(
    () =>
      mailReads.days.map((day) => ({
        label: formatLocalDate(day.date ?? ''),
        sent: day.sent,
        opened: day.opened,
        readPercent: day.readPercent ?? null,
      })),
    [mailReads.days],
  );
  const mailOption = useMemo(
    () => buildMailReadsOption(mailDays, { sent: sentText, opened: openedText, readRate: readRateText, percent }),
    [mailDays, sentText, openedText, readRateText, percent],
  );
  const total = mailReads.total;

  return (
    <div className="stats-charts">
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
      <ChartCard
        title={t('admin.statistics.mailReads')}
        option={mailOption}
        summary={
          total.sent > 0
            ? t('admin.statistics.mailReadsSummary', {
                sent: total.sent,
                opened: total.opened,
                rate: percent(total.readPercent ?? null),
              })
            : null
        }
        empty={t('admin.statistics.noMails')}
        table={{
          columns: [t('admin.statistics.day'), sentText, openedText, readRateText],
          rows: [
            ...mailDays.map((day) => ({
              key: day.label,
              cells: [day.label, day.sent, day.opened, percent(day.readPercent)],
            })),
            {
              key: 'total',
              cells: [
                t('admin.statistics.mailReadsTotal'),
                total.sent,
                total.opened,
                percent(total.readPercent ?? null),
              ],
            },
          ],
        }}
        wide
      >
        <p className="muted stats-note">
          {t('admin.statistics.mailReadsPeriod', {
            from: formatLocalDate(mailReads.from),
            to: formatLocalDate(mailReads.to),
            days: FIGURES_MAX_DAYS,
            defaultDays: MAIL_READ_DEFAULT_DAYS,
          })}
        </p>
      </ChartCard>
    </div>
  );
}
