import type { Ref } from 'react';
import { formatLongDate, formatWeekday } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { AppointmentItem } from './AppointmentItem';
import type { Direction } from './planner';
import type { Row } from './usePlannerRows';

/** The day's appointments, numbered, or the sentence that the day has none; and where moves are announced. */
export function PlannerList({
  ref,
  date,
  rows,
  locked,
  busy,
  announcement,
  onHour,
  onMove,
}: {
  /** The list, where the keyboard is kept on a moved row's button. */
  ref: Ref<HTMLOListElement>;
  date: string;
  rows: readonly Row[];
  locked: boolean;
  busy: boolean;
  announcement: string;
  onHour: (id: number, hour: number) => void;
  onMove: (id: number, direction: Direction) => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const day = new Date(`${date}T12:00:00Z`);
  return (
    <>
      {rows.length === 0 ? (
        <p className="planner-empty">
          {t('technician.manage.empty', { weekday: formatWeekday(day, i18n), date: formatLongDate(day, i18n) })}
        </p>
      ) : (
        <ol ref={ref} className="planner-list" aria-label={t('technician.manage.listLabel')}>
          {rows.map((row, index) => (
            <AppointmentItem
              key={row.order.id}
              row={row}
              number={index + 1}
              locked={locked}
              busy={busy}
              onHour={(hour) => onHour(row.order.id, hour)}
              onMove={(direction) => onMove(row.order.id, direction)}
            />
          ))}
        </ol>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
