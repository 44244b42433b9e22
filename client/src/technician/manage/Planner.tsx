import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { BusyButton } from '../../components/BusyButton';
import { useConfirm } from '../../components/ConfirmDialog';
import { hourLabel } from '../../../../shared/hours.js';
import { Message } from '../../components/Message';
import { formatLongDate, formatTime, formatWeekday, hourIn } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { firstnameFromToken } from '../../lib/jwt';
import { readToken } from '../../lib/storage';
import { AppointmentItem } from './AppointmentItem';
import {
  confirmItems,
  dayPartOf,
  daySpan,
  endsTooLate,
  move,
  rowsOf,
  sortByHour,
  startsTooEarly,
  withHour,
  type Direction,
  type PlannerRow,
} from './planner';
import { useConfirmSchedule } from './useConfirmSchedule';
import type { PlannerSchedule, ScheduleOrder } from './planner-schedule';

type Row = PlannerRow<ScheduleOrder>;
type Notice = { tone: 'error' | 'success' | 'info'; text: string };

/**
 * The loaded planner (docs/rules.md, Planner day). Editable while the day has orders and is not locked; hours
 * change nothing in the order until "Sorteer op tijdvak", a move or the confirm. Failed confirms keep the edits.
 * The day's sum (orders, first start, last end, confirmed or not) stands on top; the confirm stays in view at the
 * bottom and asks in the page, saying what it locks.
 */
export function Planner({
  schedule,
  serverNow,
  offlineSavedAt,
}: {
  schedule: PlannerSchedule;
  serverNow: Date;
  /** Set when the planner shows the copy kept on the phone: read-only, with the time it was loaded. */
  offlineSavedAt?: string;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const hourOf = useCallback((instant: Date) => hourIn(instant, i18n), [i18n]);
  const [loaded, setLoaded] = useState<Row[]>(() => rowsOf(schedule.orders, hourOf));
  const [rows, setRows] = useState<Row[]>(loaded);
  // When the day was confirmed (from the server, or from this page's own confirmation); null while open.
  const [confirmedAt, setConfirmedAt] = useState<string | null>(schedule.locked ? (schedule.confirmedAt ?? '') : null);
  const locked = confirmedAt !== null || offlineSavedAt !== undefined;
  const [notice, setNotice] = useState<Notice | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const { confirm, confirming } = useConfirmSchedule();
  const [ask, confirmDialog] = useConfirm();
  const listRef = useRef<HTMLOListElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const focusAfterMove = useRef<{ id: number; direction: Direction } | null>(null);

  // Re-sorting moves the row in the page; keep the keyboard on the button that was pressed, or on
  // its twin when that one just became disabled (at 07:00 or 19:00).
  useEffect(() => {
    const pending = focusAfterMove.current;
    if (!pending) return;
    focusAfterMove.current = null;
    const button = (direction: Direction) =>
      listRef.current?.querySelector<HTMLButtonElement>(`button[data-order="${pending.id}"][data-move="${direction}"]`);
    const preferred = button(pending.direction);
    const target = preferred && !preferred.disabled ? preferred : button(pending.direction === 'up' ? 'down' : 'up');
    target?.focus();
  }, [rows]);

  const firstname = firstnameFromToken(readToken('technician'));
  const greeting = t(`technician.manage.greeting.${dayPartOf(hourOf(serverNow))}`);
  const day = new Date(`${schedule.date}T12:00:00Z`);
  const span = daySpan(rows);

  const moveRow = (id: number, direction: Direction) => {
    const next = move(rows, id, direction);
    const index = next.findIndex((row) => row.order.id === id);
    focusAfterMove.current = { id, direction };
    edit(next);
    setAnnouncement(
      t('technician.manage.moved', {
        name: next[index].order.name,
        time: hourLabel(next[index].hour),
        number: index + 1,
      }),
    );
  };

  /** A change of the rows makes earlier warnings untrue: they go with it. */
  const edit = (next: Row[]) => {
    setRows(next);
    if (notice?.tone !== 'success') setNotice(null);
  };

  // Locking removes the confirm button that was just pressed: the keyboard goes on to the outcome.
  const lockAndShowNotice = (at: string) => {
    flushSync(() => setConfirmedAt(at));
    noticeRef.current?.focus();
  };

  const confirmDay = async () => {
    const sorted = sortByHour(rows);
    setRows(sorted);
    const early = sorted.findIndex((row) => startsTooEarly(row.hour));
    const late = sorted.findIndex((row) => endsTooLate(row.hour));
    if (early >= 0 || late >= 0) {
      const text =
        early >= 0
          ? t('technician.manage.confirmTooEarly', { number: early + 1 })
          : t('technician.manage.confirmTooLate', { number: late + 1 });
      setNotice({ tone: 'error', text });
      return;
    }
    const span = daySpan(sorted);
    const confirmed = await ask({
      title: t('technician.manage.confirmTitle', {
        weekday: formatWeekday(day, i18n),
        date: formatLongDate(day, i18n),
      }),
      body: span
        ? t('technician.manage.confirmBody', {
            count: span.count,
            first: hourLabel(span.firstHour),
            last: hourLabel(span.lastEndHour),
          })
        : undefined,
      confirmLabel: t('technician.manage.confirm'),
    });
    if (!confirmed) return;
    setNotice(null);
    const outcome = await confirm({ date: schedule.date, appointments: confirmItems(sorted) });
    if (!outcome.ok) {
      setNotice({ tone: 'error', text: outcome.message });
      if (outcome.code === 'SCHEDULE_LOCKED') lockAndShowNotice('');
      return;
    }
    const confirmedRows = rowsOf(outcome.schedule.orders, hourOf);
    setLoaded(confirmedRows);
    setRows(confirmedRows);
    setNotice({ tone: 'success', text: outcome.message });
    lockAndShowNotice(outcome.schedule.confirmedAt ?? '');
  };

  return (
    <section className="planner" aria-labelledby="planner-greeting">
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
                first: hourLabel(span.firstHour),
                last: hourLabel(span.lastEndHour),
              })}{' '}
              ·{' '}
              <span className={confirmedAt !== null ? 'planner-summary-confirmed' : 'planner-summary-open'}>
                {t(confirmedAt !== null ? 'technician.manage.summaryConfirmed' : 'technician.manage.summaryOpen')}
              </span>
            </p>
          )}
        </div>
      </div>

      {offlineSavedAt !== undefined && (
        <p className="offline-banner" role="status">
          {t('technician.offline.banner', { time: formatTime(new Date(offlineSavedAt), i18n) })}
        </p>
      )}
      {confirmedAt !== null && (
        <p className="planner-banner" data-testid="confirmed-banner">
          {confirmedAt
            ? t('technician.manage.confirmedBanner', {
                date: formatLongDate(new Date(confirmedAt), i18n),
                time: formatTime(new Date(confirmedAt), i18n),
              })
            : t('technician.manage.lockedBanner')}
        </p>
      )}

      {rows.length === 0 ? (
        <p className="planner-empty">
          {t('technician.manage.empty', { weekday: formatWeekday(day, i18n), date: formatLongDate(day, i18n) })}
        </p>
      ) : (
        <ol ref={listRef} className="planner-list" aria-label={t('technician.manage.listLabel')}>
          {rows.map((row, index) => (
            <AppointmentItem
              key={row.order.id}
              row={row}
              number={index + 1}
              locked={locked}
              busy={confirming}
              onHour={(hour) => edit(withHour(rows, row.order.id, hour))}
              onMove={(direction) => moveRow(row.order.id, direction)}
            />
          ))}
        </ol>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>

      {!locked && rows.length > 0 && (
        <div className="toolbar planner-tools">
          <button type="button" className="button button-secondary" disabled={confirming} onClick={() => edit(loaded)}>
            {t('technician.manage.reset')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={confirming}
            onClick={() => edit(sortByHour(rows))}
          >
            {t('technician.manage.sort')}
          </button>
        </div>
      )}
      {/* Stays in view at the bottom (above the tab bar): the confirm and what it answered need no scrolling. */}
      <div className={!locked && rows.length > 0 ? 'planner-actions planner-actions-sticky' : 'planner-actions'}>
        <div ref={noticeRef} tabIndex={-1} className="planner-notice">
          <Message tone={notice?.tone ?? 'info'}>{notice?.text}</Message>
        </div>
        {!locked && rows.length > 0 && (
          <>
            <p className="planner-warning" id="planner-warning">
              {t('technician.manage.warning')}
            </p>
            <BusyButton
              className="button button-primary button-block"
              aria-describedby="planner-warning"
              busy={confirming}
              onClick={() => void confirmDay()}
            >
              {confirming ? t('technician.manage.confirming') : t('technician.manage.confirm')}
            </BusyButton>
          </>
        )}
      </div>
      {confirmDialog}
    </section>
  );
}
