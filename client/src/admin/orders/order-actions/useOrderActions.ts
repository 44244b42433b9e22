import { useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { useConfirm } from '../../../components/ConfirmDialog';
import type { OrderActions_OrderFragment } from '../../../gql/graphql';
import type { MutationOutcome } from '../order-mutations';
import type { Status } from '../StatusMessages';
import type { TechnicianOption } from '../TechnicianSelect';
import type { OrderActionKit } from './order-action-kit';
import { useDeleteRestore } from './useDeleteRestore';
import { useOrderTexts } from './useOrderTexts';
import { useReassign } from './useReassign';
import { useUndo } from './useUndo';

/** The in-page dialog open beside the actions, if any. */
export type OrderDialog = 'reschedule' | 'address' | null;

/**
 * The state and handlers of an order's actions: the parts of `OrderActions` read them from here. `statusRef` is the
 * element that shows the outcome, which takes the focus when the pressed control goes away.
 */
export function useOrderActions(
  order: OrderActions_OrderFragment,
  technicians: readonly TechnicianOption[],
  onStatus: (status: Status) => void,
  statusRef: RefObject<HTMLElement | null>,
) {
  const texts = useOrderTexts(order);
  const [confirm, confirmDialog] = useConfirm();
  const [dialog, setDialog] = useState<OrderDialog>(null);

  const show = (outcome: MutationOutcome, focus = false) => {
    // When the pressed control goes away (a deleted order has no actions), the keyboard goes on to the outcome.
    flushSync(() =>
      onStatus(
        outcome.ok ? { tone: 'success', text: outcome.message } : { tone: 'error', text: outcome.problem.message },
      ),
    );
    if (focus) statusRef.current?.focus();
  };
  const undo = useUndo(show);
  const begin = () => {
    onStatus(null);
    undo.offerUndo(null);
  };
  const kit: OrderActionKit = { order, texts, confirm, begin, show, offerUndo: undo.offerUndo };
  const reassign = useReassign(kit, technicians);
  const deleteRestore = useDeleteRestore(kit);

  return {
    ...kit,
    ...reassign,
    ...deleteRestore,
    undo,
    confirmDialog,
    dialog,
    setDialog,
    /** Only a technician of the order's country can take it. */
    ofCountry: technicians.filter((option) => option.country === order.country),
  };
}

export type OrderActionsState = ReturnType<typeof useOrderActions>;
