import { AddressDialog } from '../AddressDialog';
import type { MutationOutcome } from '../order-mutations';
import { RescheduleDialog } from '../RescheduleDialog';
import type { OrderActionsState } from './useOrderActions';

/** The in-page dialogs of an order's actions; a dialog that closes with an outcome shows it beside the actions. */
export function OrderActionDialogs({ actions }: { actions: OrderActionsState }) {
  const close = (outcome: MutationOutcome | null) => {
    actions.setDialog(null);
    if (outcome) actions.show(outcome);
  };
  return (
    <>
      {actions.dialog === 'reschedule' && (
        <RescheduleDialog
          order={actions.order}
          technicians={actions.ofCountry}
          windowText={actions.texts.windowText}
          technicianText={actions.texts.technicianText}
          onClose={close}
        />
      )}
      {actions.dialog === 'address' && <AddressDialog order={actions.order} onClose={close} />}
      {actions.confirmDialog}
    </>
  );
}
