import { hourLabel } from '../../../../shared/hours.js';
import { ReplyNote } from '../../components/ReplyNote';
import { useI18n } from '../../i18n/i18n';
import {
  canMove,
  endHourOf,
  endsTooLate,
  START_HOURS,
  startsTooEarly,
  type Direction,
  type PlannerRow,
} from './planner';
import type { ScheduleOrder } from './planner-schedule';

/** One numbered appointment: customer, start-hour dropdown, end, and the up/down helpers. */
export function AppointmentItem({
  row,
  number,
  locked,
  onHour,
  onMove,
}: {
  row: PlannerRow<ScheduleOrder>;
  number: number;
  locked: boolean;
  onHour: (hour: number) => void;
  onMove: (direction: Direction) => void;
}) {
  const { t } = useI18n();
  const { order, hour } = row;
  const special = order.flag === 1;
  const callMe = order.reply?.answer === 'CALL_ME';
  const problem = startsTooEarly(hour)
    ? t('technician.manage.startTooEarly')
    : endsTooLate(hour)
      ? t('technician.manage.endTooLate')
      : null;
  const ids = { start: `planner-start-${order.id}`, problem: `planner-problem-${order.id}` };
  const moveButton = (direction: Direction, symbol: string) => (
    <button
      type="button"
      className="button button-secondary planner-move"
      data-move={direction}
      data-order={order.id}
      aria-label={t(direction === 'up' ? 'technician.manage.moveUp' : 'technician.manage.moveDown', {
        number,
        name: order.name,
      })}
      disabled={locked || !canMove(hour, direction)}
      onClick={() => onMove(direction)}
    >
      <span aria-hidden="true">{symbol}</span>
    </button>
  );
  return (
    <li
      className={['planner-item', special && 'is-special', callMe && 'is-call-me'].filter(Boolean).join(' ')}
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
        <p className="planner-address">
          {order.zipcode} {order.city}
        </p>
        {special && <p className="planner-badge">{t('technician.manage.special')}</p>}
        {order.reply?.answer && (
          <p className={`planner-reply planner-reply-${order.reply.answer === 'CALL_ME' ? 'call' : 'home'}`}>
            {t(`technician.manage.reply.${order.reply.answer}`)}
          </p>
        )}
        {order.reply?.accessNote && (
          <p className="planner-note">
            <span className="planner-note-label">{t('technician.manage.reply.note')}: </span>
            <ReplyNote escaped={order.reply.accessNote} />
          </p>
        )}
      </div>
      <div className="planner-times">
        <div className="field">
          <label htmlFor={ids.start}>{t('technician.manage.start')}</label>
          <select
            id={ids.start}
            value={hour}
            disabled={locked}
            aria-invalid={problem !== null}
            aria-describedby={problem ? ids.problem : undefined}
            onChange={(event) => onHour(Number(event.target.value))}
          >
            {/* An order loaded outside 07-20 keeps its hour visible until it is changed. */}
            {!START_HOURS.includes(hour) && <option value={hour}>{hourLabel(hour)}</option>}
            {START_HOURS.map((choice) => (
              <option key={choice} value={choice}>
                {hourLabel(choice)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <span className="label">{t('technician.manage.end')}</span>
          <span className="planner-end" data-end>
            {hourLabel(endHourOf(hour))}
          </span>
        </div>
        <div className="planner-moves">
          {moveButton('up', '▲')}
          {moveButton('down', '▼')}
        </div>
      </div>
      {problem && (
        <p id={ids.problem} className="field-error planner-problem">
          {problem}
        </p>
      )}
    </li>
  );
}
