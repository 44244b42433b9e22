import { formatHour } from '../../../../shared/clock-time.js';
import { ReadOnlyField, SelectField } from '../../components/FormField';
import { useI18n } from '../../i18n/i18n';
import { canMove, endHourOf, START_HOURS, type Direction } from './planner';

/**
 * The times of an appointment on an open day: the start as a dropdown, the end that follows from it, and
 * "−1 uur / +1 uur" beside them (they shift the start; the list then re-sorts).
 */
export function AppointmentTimes({
  orderId,
  name,
  number,
  hour,
  busy,
  problemId,
  onHour,
  onMove,
}: {
  orderId: number;
  name: string;
  number: number;
  hour: number;
  /** A confirmation is on its way: controls stay but do nothing. */
  busy: boolean;
  /** The id of the sentence saying what is wrong with this appointment, when something is. */
  problemId: string | undefined;
  onHour: (hour: number) => void;
  onMove: (direction: Direction) => void;
}) {
  const { t, language } = useI18n();
  const moveButton = (direction: Direction) => (
    <button
      type="button"
      className="button button-secondary planner-move"
      data-move={direction}
      data-order={orderId}
      aria-label={t(direction === 'up' ? 'technician.manage.moveUp' : 'technician.manage.moveDown', { number, name })}
      disabled={busy || !canMove(hour, direction)}
      onClick={() => onMove(direction)}
    >
      {t(direction === 'up' ? 'technician.manage.earlier' : 'technician.manage.later')}
    </button>
  );
  return (
    <div className="planner-times">
      {/* The problem is said under the whole item (it may concern the order, not only its hour). */}
      <SelectField
        label={t('technician.manage.start')}
        value={hour}
        disabled={busy}
        aria-invalid={problemId !== undefined}
        aria-describedby={problemId}
        onChange={(event) => onHour(Number(event.target.value))}
        // An order loaded outside 07-20 keeps its hour visible until it is changed.
        options={(START_HOURS.includes(hour) ? START_HOURS : [hour, ...START_HOURS]).map((choice) => ({
          value: String(choice),
          label: formatHour(choice, language),
        }))}
      />
      <ReadOnlyField label={t('technician.manage.end')} className="planner-end" data-end>
        {formatHour(endHourOf(hour), language)}
      </ReadOnlyField>
      <div className="planner-moves">
        {moveButton('up')}
        {moveButton('down')}
      </div>
    </div>
  );
}
