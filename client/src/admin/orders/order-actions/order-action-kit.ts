import type { ConfirmRequest } from '../../../components/ConfirmDialog';
import type { OrderActions_OrderFragment } from '../../../gql/graphql';
import type { MutationOutcome } from '../order-mutations';
import type { Undo } from './useUndo';
import type { OrderTexts } from './useOrderTexts';

/** What every action on an order works with: it asks, changes, shows the outcome and may offer an undo. */
export interface OrderActionKit {
  order: OrderActions_OrderFragment;
  texts: OrderTexts;
  confirm: (request: ConfirmRequest) => Promise<boolean>;
  /** Clears the last outcome and undo offer: a new action starts. */
  begin: () => void;
  /** Shows the outcome; `focus` moves the keyboard to it when the pressed control goes away. */
  show: (outcome: MutationOutcome, focus?: boolean) => void;
  offerUndo: (undo: Undo) => void;
}
