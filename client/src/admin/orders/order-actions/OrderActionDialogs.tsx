import { useI18n } from '../../../i18n/i18n';
import { AddressDialog } from '../AddressDialog';
import { useRescheduleOrderMutation, type MutationOutcome } from '../order-mutations';
import { RescheduleDialog, type RescheduledFrom } from '../RescheduleDialog';
import type { OrderActionsState } from './useOrderActions';

/** The in-page dialogs of an order's actions; a dialog that closes with an outcome shows it beside the actions. */
export function OrderActionDialogs({ actions }: { actions: OrderActionsState }) {
  const { t } = useI18n();
  const [reschedule] = useRescheduleOrderMutation();
  const close = (outcome: MutationOutcome | null) => {
    actions.setDialog(null);
    if (outcome) actions.show(outcome);
  };
  // A move is undone by moving the order back, while the day it left is open (a confirmed day takes no order).
  const closeReschedule = (outcome: MutationOutcome | null, before?: RescheduledFrom) => {
    close(outcome);
    if (!outcome?.ok || !before || actions.order.dayConfirmed) return;
    actions.offerUndo({
      text: t('admin.orders.undoReschedule', { window: actions.texts.windowText(before.appointment) }),
      run: () =>
        reschedule({ orderId: actions.order.id, appointment: before.appointment, technician: before.technician }),
    });
  };
  return (
    <>
      {actions.dialog === 'reschedule' && (
        <RescheduleDialog
          order={actions.order}
          technicians={actions.ofCountry}
          windowText={actions.texts.windowText}
          technicianText={actions.texts.technicianText}
          onClose={closeReschedule}
        />
      )}
      {actions.dialog === 'address' && <AddressDialog order={actions.order} onClose={close} />}
      {actions.confirmDialog}
    </>
  );
}
