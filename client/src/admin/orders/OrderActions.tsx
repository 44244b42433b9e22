import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { BusyButton } from '../../components/BusyButton';
import { useConfirm } from '../../components/ConfirmDialog';
import { graphql } from '../../gql';
import type { OrderActions_OrderFragment } from '../../gql/graphql';
import { formatDayMonthYear, formatTime, formatWeekday } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import {
  useDeleteOrderMutation,
  useReassignOrderMutation,
  useRestoreOrderMutation,
  type MutationOutcome,
} from './order-mutations';
import { AddressDialog } from './AddressDialog';
import { RescheduleDialog } from './RescheduleDialog';
import { StatusMessages, type Status } from './StatusMessages';
import { TechnicianSelect, type TechnicianOption } from './TechnicianSelect';
import { fullName } from '../../../../shared/staff.js';
import { FormField } from '../../components/FormField';

/** @public Read by codegen: the order page's query and the order mutations spread it. */
export const OrderActionsFragment = graphql(`
  fragment OrderActions_order on Order {
    id
    referenceNumber
    name
    country
    street
    zipcode
    houseNumber
    houseNumberAddition
    city
    appointment
    duration
    dayConfirmed
    technician {
      id
      personalNumber
      firstname
      lastname
    }
    deleted {
      date
    }
  }
`);

/** How long "Ongedaan maken" stays: long enough to notice a slip, short enough not to undo someone else's work. */
export const UNDO_SECONDS = 10;

type Undo = { text: string; run: () => Promise<MutationOutcome> };

/**
 * What the dispatcher can do with one order, in place: another technician, another day, delete, restore. Each
 * asks in an in-page dialog that names what changes; a reassignment or delete can be undone for a few seconds
 * while the technician's day is not confirmed (the undo calls the inverse mutation).
 */
export function OrderActions({
  order,
  technicians,
  status,
  onStatus,
}: {
  order: OrderActions_OrderFragment;
  technicians: readonly TechnicianOption[];
  status: Status;
  onStatus: (status: Status) => void;
}) {
  const { t, language } = useI18n();
  const locale = { language, country: order.country };
  const [technician, setTechnician] = useState(order.technician?.personalNumber ?? '');
  const [reassign, reassigning] = useReassignOrderMutation();
  const [remove, removing] = useDeleteOrderMutation();
  const [restore, restoring] = useRestoreOrderMutation();
  const [confirm, confirmDialog] = useConfirm();
  const [rescheduling, setRescheduling] = useState(false);
  const [editingAddress, setEditingAddress] = useState(false);
  const [undo, setUndo] = useState<Undo | null>(null);
  const [undoing, setUndoing] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);
  const ofCountry = technicians.filter((option) => option.country === order.country);

  useEffect(() => {
    if (!undo) return;
    const timer = setTimeout(() => setUndo(null), UNDO_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [undo]);

  const windowText = (appointment: string | Date) => {
    const start = new Date(appointment);
    const end = new Date(start.getTime() + order.duration * 1000);
    return t('admin.orders.windowText', {
      weekday: formatWeekday(start, locale),
      date: formatDayMonthYear(start, locale),
      from: formatTime(start, locale),
      to: formatTime(end, locale),
    });
  };
  const technicianText = (person: { firstname: string; lastname: string } | null | undefined) =>
    person ? fullName(person) : t('admin.ordersList.withoutTechnician');

  const show = (outcome: MutationOutcome, focus = false) => {
    // When the pressed control goes away (a deleted order has no actions), the keyboard goes on to the outcome.
    flushSync(() =>
      onStatus(
        outcome.ok ? { tone: 'success', text: outcome.message } : { tone: 'error', text: outcome.problem.message },
      ),
    );
    if (focus) statusRef.current?.focus();
  };

  const saveTechnician = async (event: FormEvent) => {
    event.preventDefault();
    onStatus(null);
    setUndo(null);
    const from = order.technician;
    const to = technicians.find((option) => option.personalNumber === technician);
    if (!to || from?.personalNumber === to.personalNumber) return;
    const sure = await confirm({
      title: t('admin.orders.reassignTitle', { reference: order.referenceNumber }),
      body: t('admin.orders.reassignBody', {
        name: order.name,
        window: windowText(order.appointment),
        from: technicianText(from),
        to: fullName(to),
      }),
      confirmLabel: t('admin.orders.reassignConfirm'),
    });
    if (!sure) return;
    const outcome = await reassign({ referenceNumber: order.referenceNumber, technician: to.personalNumber });
    show(outcome);
    if (outcome.ok && from && !order.dayConfirmed) {
      setUndo({
        text: t('admin.orders.undoReassign', { technician: fullName(from) }),
        run: async () => {
          setTechnician(from.personalNumber);
          return reassign({ referenceNumber: order.referenceNumber, technician: from.personalNumber });
        },
      });
    }
  };

  const deleteOrder = async () => {
    onStatus(null);
    setUndo(null);
    const sure = await confirm({
      title: t('admin.orders.deleteTitle', { reference: order.referenceNumber }),
      body: t('admin.orders.deleteBody', { name: order.name, window: windowText(order.appointment) }),
      confirmLabel: t('common.delete'),
      tone: 'danger',
    });
    if (!sure) return;
    const outcome = await remove(order.id);
    show(outcome, outcome.ok);
    if (outcome.ok && !order.dayConfirmed) {
      setUndo({ text: t('admin.orders.undoDelete'), run: () => restore(order.id) });
    }
  };

  const restoreOrder = async () => {
    onStatus(null);
    setUndo(null);
    const sure = await confirm({
      title: t('admin.orders.restoreTitle', { reference: order.referenceNumber }),
      body: t('admin.orders.restoreBody', {
        name: order.name,
        window: windowText(order.appointment),
        technician: technicianText(order.technician),
      }),
      confirmLabel: t('admin.orders.restore'),
    });
    if (!sure) return;
    show(await restore(order.id), true);
  };

  const runUndo = async () => {
    if (!undo) return;
    setUndoing(true);
    const outcome = await undo.run();
    setUndoing(false);
    setUndo(null);
    show(outcome.ok ? { ok: true, message: t('admin.orders.undone') } : outcome, true);
  };

  return (
    <>
      {order.deleted ? (
        <div className="toolbar order-actions">
          <BusyButton
            type="button"
            className="button button-primary"
            busy={restoring}
            onClick={() => void restoreOrder()}
          >
            {t('admin.orders.restore')}
          </BusyButton>
        </div>
      ) : (
        <form className="form order-actions" onSubmit={(event) => void saveTechnician(event)}>
          <FormField id="order-new-technician" label={t('admin.orders.changeTechnician')}>
            {(control) => (
              <TechnicianSelect id={control.id} technicians={ofCountry} value={technician} onChange={setTechnician} />
            )}
          </FormField>
          <div className="toolbar">
            <BusyButton type="submit" className="button button-primary" busy={reassigning} disabled={technician === ''}>
              {t('common.save')}
            </BusyButton>
            <button type="button" className="button button-secondary" onClick={() => setRescheduling(true)}>
              {t('admin.orders.reschedule')}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setEditingAddress(true)}>
              {t('admin.orders.editAddress')}
            </button>
            <BusyButton
              type="button"
              className="button button-danger"
              busy={removing}
              onClick={() => void deleteOrder()}
            >
              {t('common.delete')}
            </BusyButton>
          </div>
        </form>
      )}
      <div ref={statusRef} tabIndex={-1} className="order-status">
        <StatusMessages status={status} />
        {undo && (
          <p className="undo-notice">
            <span>{undo.text}</span>{' '}
            <BusyButton type="button" className="button button-secondary" busy={undoing} onClick={() => void runUndo()}>
              {t('admin.orders.undo')}
            </BusyButton>
          </p>
        )}
      </div>
      {rescheduling && (
        <RescheduleDialog
          order={order}
          technicians={ofCountry}
          windowText={windowText}
          technicianText={technicianText}
          onClose={(outcome) => {
            setRescheduling(false);
            if (outcome) show(outcome);
          }}
        />
      )}
      {editingAddress && (
        <AddressDialog
          order={order}
          onClose={(outcome) => {
            setEditingAddress(false);
            if (outcome) show(outcome);
          }}
        />
      )}
      {confirmDialog}
    </>
  );
}
