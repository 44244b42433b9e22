import { formatLongDate, formatTime, formatWeekday } from '../i18n/format';
import { useI18n } from '../i18n/i18n';

/**
 * One visit: weekday and date, and the three-hour window once it may be shown (from 13:30 on the
 * working day before; until then the server gives out no times); all in the country's time zone,
 * whatever the device's zone.
 */
export function VisitWindow({
  date,
  times,
  reference,
}: {
  /** The visit's day, YYYY-MM-DD in the country. */
  date: string;
  times: { start: Date; end: Date } | null;
  reference: string;
}) {
  const locale = useI18n();
  const { t } = locale;
  // Midday UTC of that date is the same date in the Dutch and Belgian zones.
  const day = new Date(`${date}T12:00:00Z`);
  return (
    <div className="visit-window">
      <p className="visit-day">
        <span className="visit-weekday">{formatWeekday(day, locale)}</span>{' '}
        <span className="visit-date">{formatLongDate(day, locale)}</span>
      </p>
      {times ? (
        <p className="visit-time">
          {t('consumer.details.window', { begin: formatTime(times.start, locale), end: formatTime(times.end, locale) })}
        </p>
      ) : (
        <p className="visit-pending">{t('consumer.details.notYet')}</p>
      )}
      <p className="visit-reference muted">{t('consumer.details.reference', { reference })}</p>
    </div>
  );
}
