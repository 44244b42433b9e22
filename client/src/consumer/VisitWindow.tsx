import { formatDayMonth, formatLongDate, formatTime, formatWeekday } from '../i18n/format';
import { useI18n, type Translate } from '../i18n/i18n';

/** "U krijgt om 13:30 uur een e-mail op j•••@example.nl en een sms op 06 •••• 5678." */
function noticeText(t: Translate, time: string, notice: { email: string | null; mobile: string | null }): string {
  const { email, mobile } = notice;
  if (email && mobile) return t('consumer.details.toldByBoth', { time, email, mobile });
  if (email) return t('consumer.details.toldByEmail', { time, email });
  return t('consumer.details.toldBySms', { time, mobile: mobile ?? '' });
}

/**
 * One visit: weekday and date, and the three-hour window once it may be shown (from 13:30 on the
 * working day before; until then the server gives out no times); all in the country's time zone,
 * whatever the device's zone.
 */
export function VisitWindow({
  date,
  times,
  shownFrom,
  notice,
  reference,
}: {
  /** The visit's day, YYYY-MM-DD in the country. */
  date: string;
  times: { start: Date; end: Date } | null;
  /** When the window appears (13:30 on the working day before). */
  shownFrom: Date;
  /** Where the window will be sent then, masked by the server; null when nowhere. */
  notice: { email: string | null; mobile: string | null } | null;
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
        <>
          <p className="visit-pending">
            {t('consumer.details.shownFrom', {
              weekday: formatWeekday(shownFrom, locale),
              date: formatDayMonth(shownFrom, locale),
              time: formatTime(shownFrom, locale),
            })}
          </p>
          {notice && <p className="visit-notice">{noticeText(t, formatTime(shownFrom, locale), notice)}</p>}
        </>
      )}
      <p className="visit-reference muted">{t('consumer.details.reference', { reference })}</p>
    </div>
  );
}
