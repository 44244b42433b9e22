import { useCallback, useMemo } from 'react';
import { FIGURES_MAX_DAYS } from '../../../../../shared/office-figures.js';
import type { StatisticsCharts_MailReadsFragment } from '../../../gql/graphql';
import { formatLocalDate } from '../../../i18n/format';
import { useI18n } from '../../../i18n/i18n';
import { buildMailReadsOption } from '../chart-options';
import { MAIL_READ_DEFAULT_DAYS } from '../mail-read-period';
import { ChartCard } from './ChartCard';

/** The consumer mails sent and opened per day, with the period's totals. */
export function MailReadsChart({ mailReads }: { mailReads: StatisticsCharts_MailReadsFragment }) {
  const { t, language, country } = useI18n();
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
            cells: [t('admin.statistics.mailReadsTotal'), total.sent, total.opened, percent(total.readPercent ?? null)],
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
  );
}
