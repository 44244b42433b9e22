import { formatLongDate, formatTime, formatWeekday } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import type { DaySummary } from './day-order';

/** The top of today: the day, and how many visits until when ("7 bezoeken, tot 17:00"). */
export function TodayHeader({ date, summary }: { date: string; summary: DaySummary }) {
  const i18n = useI18n();
  const { t } = i18n;
  const day = new Date(`${date}T12:00:00Z`);
  return (
    <div className="page-header">
      <div>
        <h1 id="today-heading">{t('technician.today.pageTitle')}</h1>
        <p className="planner-date">
          {formatWeekday(day, i18n)} {formatLongDate(day, i18n)}
        </p>
        {summary.lastEnd && (
          <p className="today-summary" data-testid="today-summary">
            {t('technician.today.dayCount', {
              count: summary.total,
              time: formatTime(new Date(summary.lastEnd), i18n),
            })}
          </p>
        )}
      </div>
    </div>
  );
}
