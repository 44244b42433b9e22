import { formatHour } from '../../../../shared/clock-time.js';
import { formatLongDate, formatWeekday, hourIn } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { firstnameFromToken } from '../../lib/jwt';
import { readToken } from '../../lib/storage';
import { dayPartOf, daySpan } from './planner';
import type { Row } from './usePlannerRows';

/** The planner's top: a greeting by the server's hour, the day it plans, and the day's sum as edited. */
export function PlannerHeader({
  date,
  rows,
  serverNow,
  confirmed,
}: {
  date: string;
  rows: readonly Row[];
  serverNow: Date;
  confirmed: boolean;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const firstname = firstnameFromToken(readToken('technician'));
  const greeting = t(`technician.manage.greeting.${dayPartOf(hourIn(serverNow, i18n))}`);
  const day = new Date(`${date}T12:00:00Z`);
  const span = daySpan(rows);
  return (
    <div className="page-header">
      <div>
        <h1 id="planner-greeting">{firstname ? `${greeting} ${firstname}` : greeting}</h1>
        <p className="planner-date">
          {t('technician.manage.scheduleFor', { weekday: formatWeekday(day, i18n), date: formatLongDate(day, i18n) })}
        </p>
        {span && (
          <p className="planner-summary" data-testid="planner-summary">
            {t('technician.manage.summary', {
              count: span.count,
              first: formatHour(span.firstHour, i18n.language),
              last: formatHour(span.lastEndHour, i18n.language),
            })}{' '}
            ·{' '}
            <span className={confirmed ? 'planner-summary-confirmed' : 'planner-summary-open'}>
              {t(confirmed ? 'technician.manage.summaryConfirmed' : 'technician.manage.summaryOpen')}
            </span>
          </p>
        )}
      </div>
    </div>
  );
}
