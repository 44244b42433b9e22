import { PLANNER_DAY } from '../../../../shared/hours.js';
import { formatHour } from '../../../../shared/clock-time.js';
import { useI18n } from '../../i18n/i18n';
import { endHourOf, endsTooLate, startsTooEarly, type Direction, type PlannerRow } from './planner';
import { OrderCardDetails } from '../order/OrderCardDetails';
import type { ScheduleOrder } from './planner-schedule';
import { AppointmentTimes } from './AppointmentTimes';

/**
 * One numbered appointment: the order card, then the start hour and end. While the day is open the start is a
 * dropdown with "−1 uur / +1 uur" beside it (they shift the start, the list then re-sorts); a locked day shows
 * the times as text and nothing to change.
 */
export function AppointmentItem({
  row,
  number,
  locked,
  busy,
  onHour,
  onMove,
}: {
  row: PlannerRow<ScheduleOrder>;
  number: number;
  /** A confirmed day: times as text, no controls. */
  locked: boolean;
  /** A confirmation is on its way: controls stay but do nothing. */
  busy: boolean;
  onHour: (hour: number) => void;
  onMove: (direction: Direction) => void;
}) {
  const { t, language } = useI18n();
  const { order, hour } = row;
  const special = order.special;
  const callMe = order.reply?.answer === 'CALL_ME';
  const external = order.externalPartner !== null && order.externalPartner !== undefined;
  const problem = startsTooEarly(hour)
    ? t('technician.manage.startTooEarly', { startHour: formatHour(PLANNER_DAY.startHour, language) })
    : endsTooLate(hour)
      ? t('technician.manage.endTooLate', { endHour: formatHour(PLANNER_DAY.endHour, language) })
      : null;
  const problemId = `planner-problem-${order.id}`;
  return (
    <li
      className={['planner-item', special && 'is-special', callMe && 'is-call-me', external && 'is-external']
        .filter(Boolean)
        .join(' ')}
      data-order={order.id}
    >
      <span className="planner-number" aria-hidden="true">
        {number}
      </span>
      <div className="planner-customer">
        <h2 className="planner-name">
          <span className="visually-hidden">{t('technician.manage.orderNumber', { number })}: </span>
          {order.name}
        </h2>
        <OrderCardDetails order={order} />
      </div>
      {locked ? (
        <p className="planner-times planner-times-locked">
          <span className="label">{t('technician.manage.window')}</span>{' '}
          <span data-start>{formatHour(hour, language)}</span> –{' '}
          <span data-end>{formatHour(endHourOf(hour), language)}</span>
        </p>
      ) : (
        <AppointmentTimes
          orderId={order.id}
          name={order.name}
          number={number}
          hour={hour}
          busy={busy}
          problemId={problem ? problemId : undefined}
          onHour={onHour}
          onMove={onMove}
        />
      )}
      {problem && !locked && (
        <p id={problemId} className="field-error planner-problem">
          {problem}
        </p>
      )}
    </li>
  );
}
