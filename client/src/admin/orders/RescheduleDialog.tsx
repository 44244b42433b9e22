import { useId, useState, type FormEvent } from 'react';
import { formatHour } from '../../../../shared/clock-time.js';
import { hoursOf, ORDER_BEGIN_HOURS } from '../../../../shared/hours.js';
import { instantOf, localDateOf } from '../../../../shared/zoned-time.js';
import { BusyButton } from '../../components/BusyButton';
import { Dialog } from '../../components/Dialog';
import { FormField, SelectField, TextField } from '../../components/FormField';
import { Message } from '../../components/Message';
import type { OrderActions_OrderFragment } from '../../gql/graphql';
import { hourIn } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { TIME_ZONE } from '../../i18n/locale';
import { useServerToday } from '../../lib/server-clock';
import { useRescheduleOrderMutation, type MutationOutcome } from './order-mutations';
import { TechnicianSelect, type TechnicianOption } from './TechnicianSelect';

const BEGIN_HOURS = hoursOf(ORDER_BEGIN_HOURS);

/** Where an order was before a move: what the undo moves it back to. */
export interface RescheduledFrom {
  appointment: string;
  technician: string | null;
}

/** Another date, window and (optionally) technician; the server's refusal (holiday, confirmed day) shows in place. */
export function RescheduleDialog({
  order,
  technicians,
  windowText,
  technicianText,
  onClose,
}: {
  order: OrderActions_OrderFragment;
  technicians: readonly TechnicianOption[];
  windowText: (appointment: Date | string) => string;
  technicianText: (person: { firstname: string; lastname: string } | null | undefined) => string;
  /** With the outcome of a move, where the order was before it (for the undo). */
  onClose: (outcome: MutationOutcome | null, before?: RescheduledFrom) => void;
}) {
  const { t, language } = useI18n();
  const ids = useId();
  const zone = TIME_ZONE[order.country];
  const current = new Date(order.appointment);
  const [date, setDate] = useState(localDateOf(current, zone));
  const [hour, setHour] = useState(hourIn(current, { language, country: order.country }));
  const [technician, setTechnician] = useState(order.technician?.personalNumber ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [reschedule, saving] = useRescheduleOrderMutation();
  // The server's day (it honours CLOCK_NOW), like the rest of the console; no lower bound until it is known.
  const today = useServerToday(zone) ?? undefined;
  const chosen = technicians.find((option) => option.personalNumber === technician);
  const start = date ? instantOf(date, hour, 0, zone) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!start) return;
    setProblem(null);
    const outcome = await reschedule({
      orderId: order.id,
      appointment: start.toISOString(),
      technician: technician === '' ? null : technician,
    });
    if (outcome.ok) {
      onClose(outcome, { appointment: order.appointment, technician: order.technician?.personalNumber ?? null });
    } else setProblem(outcome.problem.message);
  };

  return (
    <Dialog
      open
      title={t('admin.orders.rescheduleTitle', { reference: order.referenceNumber })}
      description={t('admin.orders.rescheduleNow', {
        window: windowText(order.appointment),
        technician: technicianText(order.technician),
      })}
      onCancel={() => onClose(null)}
      actions={
        <>
          <BusyButton type="submit" form={`${ids}-form`} className="button button-primary" busy={saving}>
            {t('admin.orders.reschedule')}
          </BusyButton>
          <button type="button" className="button button-secondary" onClick={() => onClose(null)}>
            {t('common.cancel')}
          </button>
        </>
      }
    >
      {/* The server decides which days are open (its clock, the technician's lock, holidays) and says why in the
          user's language; the browser's own check would judge by the phone's or PC's clock, in its own words. */}
      <form id={`${ids}-form`} className="form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          id={`${ids}-date`}
          label={t('admin.orders.field.date')}
          type="date"
          required
          min={today}
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
        <SelectField
          id={`${ids}-hour`}
          label={t('admin.orders.field.beginHour')}
          value={hour}
          onChange={(event) => setHour(Number(event.target.value))}
          options={BEGIN_HOURS.map((option) => ({ value: String(option), label: formatHour(option, language) }))}
        />
        <FormField id={`${ids}-technician`} label={t('admin.orders.field.technician')}>
          {(control) => (
            <TechnicianSelect id={control.id} technicians={technicians} value={technician} onChange={setTechnician} />
          )}
        </FormField>
        {start && (
          <p aria-live="polite">
            {t('admin.orders.rescheduleNew', {
              window: windowText(start),
              technician: technicianText(chosen ?? order.technician),
            })}
          </p>
        )}
        <Message tone="error">{problem ?? undefined}</Message>
      </form>
    </Dialog>
  );
}
