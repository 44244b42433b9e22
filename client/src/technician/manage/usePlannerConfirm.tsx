import { PLANNER_DAY } from '../../../../shared/hours.js';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { formatHour } from '../../../../shared/clock-time.js';
import { useConfirm } from '../../components/ConfirmDialog';
import { formatLongDate, formatWeekday } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { confirmItems, daySpan, endHourOf, firstOutsideDay, sortByHour, windowChanges } from './planner';
import type { PlannerSchedule } from './planner-schedule';
import { useConfirmSchedule } from './useConfirmSchedule';
import type { usePlannerRows } from './usePlannerRows';

/**
 * The confirm: sorts the day, refuses a day that does not fit, asks in the page saying what it locks and which
 * customers, told their window already, will get a message with a changed one, then sends.
 * A failed confirm keeps the edits; a day locked meanwhile (elsewhere) locks here too.
 */
export function usePlannerConfirm(schedule: PlannerSchedule, edits: ReturnType<typeof usePlannerRows>) {
  const i18n = useI18n();
  const { t } = i18n;
  // When the day was confirmed (from the server, or from this page's own confirmation); null while open.
  const [confirmedAt, setConfirmedAt] = useState<string | null>(schedule.locked ? (schedule.confirmedAt ?? '') : null);
  const { confirm, confirming } = useConfirmSchedule();
  const [ask, confirmDialog] = useConfirm();
  const noticeRef = useRef<HTMLDivElement>(null);
  const day = new Date(`${schedule.date}T12:00:00Z`);

  // Locking removes the confirm button that was just pressed: the keyboard goes on to the outcome.
  const lockAndShowNotice = (at: string) => {
    flushSync(() => setConfirmedAt(at));
    noticeRef.current?.focus();
  };

  const confirmDay = async () => {
    const sorted = sortByHour(edits.rows);
    edits.setRows(sorted);
    const outside = firstOutsideDay(sorted);
    if (outside) {
      const key = outside.edge === 'early' ? 'technician.manage.confirmTooEarly' : 'technician.manage.confirmTooLate';
      edits.setNotice({
        tone: 'error',
        text: t(key, {
          number: outside.number,
          startHour: formatHour(PLANNER_DAY.startHour, i18n.language),
          endHour: formatHour(PLANNER_DAY.endHour, i18n.language),
        }),
      });
      return;
    }
    const span = daySpan(sorted);
    const told = new Set(schedule.windowToldOrderIds);
    const retold = sorted.filter((row) => told.has(row.order.id) && windowChanges(row));
    const confirmed = await ask({
      title: t('technician.manage.confirmTitle', {
        weekday: formatWeekday(day, i18n),
        date: formatLongDate(day, i18n),
      }),
      body: span ? (
        <>
          <p>
            {t('technician.manage.confirmBody', {
              count: span.count,
              first: formatHour(span.firstHour, i18n.language),
              last: formatHour(span.lastEndHour, i18n.language),
            })}
          </p>
          {retold.length > 0 && (
            <>
              <p>{t('technician.manage.confirmTold')}</p>
              <ul className="planner-told">
                {retold.map((row) => (
                  <li key={row.order.id}>
                    {t('technician.manage.confirmToldItem', {
                      name: row.order.name,
                      first: formatHour(row.hour, i18n.language),
                      last: formatHour(endHourOf(row.hour), i18n.language),
                    })}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      ) : undefined,
      confirmLabel: t('technician.manage.confirm'),
    });
    if (!confirmed) return;
    edits.setNotice(null);
    const outcome = await confirm({ date: schedule.date, appointments: confirmItems(sorted) });
    if (!outcome.ok) {
      edits.setNotice({ tone: 'error', text: outcome.message });
      if (outcome.code === 'SCHEDULE_LOCKED') lockAndShowNotice('');
      return;
    }
    edits.replaceWithConfirmed(outcome.schedule.orders);
    edits.setNotice({ tone: 'success', text: outcome.message });
    lockAndShowNotice(outcome.schedule.confirmedAt ?? '');
  };

  return { confirmedAt, confirming, confirmDay, confirmDialog, noticeRef };
}
