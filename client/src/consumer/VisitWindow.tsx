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
 * working day before); all in the country's time zone, whatever the device's zone.
 */
export function VisitWindow({
  start,
  end,
  available,
  shownFrom,
  notice,
  reference,
}: {
  start: Date;
  end: Date;
  available: boolean;
  /** When the window appears (13:30 on the working day before). */
  shownFrom: Date;
  /** Where the window will be sent then, masked by the server; null when nowhere. */
  notice: { email: string | null; mobile: string | null } | null;
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
