import { formatLongDate, formatTime, formatWeekday } from '../i18n/format';
import { useI18n } from '../i18n/i18n';

/**
 * One visit: weekday and date, and the three-hour window once it may be shown (from 13:30 on the
 * working day before); all in the country's time zone, whatever the device's zone.
 */
export function VisitWindow({
  start,
  end,
  available,
  reference,
}: {
  start: Date;
  end: Date;
  available: boolean;
  reference: string;
}) {
  const locale = useI18n();
  const { t } = locale;
  return (
    <div className="visit-window">
      <p className="visit-day">
        <span className="visit-weekday">{formatWeekday(start, locale)}</span>{' '}
        <span className="visit-date">{formatLongDate(start, locale)}</span>
      </p>
      {available ? (
        <p className="visit-time">
          {t('consumer.details.window', { begin: formatTime(start, locale), end: formatTime(end, locale) })}
        </p>
      ) : (
        <p className="visit-pending">{t('consumer.details.notYet')}</p>
      )}
      <p className="visit-reference muted">{t('consumer.details.reference', { reference })}</p>
    </div>
  );
}
