import { useI18n } from '../../../i18n/i18n';
import { useDeleteOrderMutation, useRestoreOrderMutation } from '../order-mutations';
import type { OrderActionKit } from './order-action-kit';

/**
 * Deleting the order and restoring a deleted one, each after a question that names the visit. A delete can be
 * undone (by restoring) while the technician's day is not confirmed. Both move the focus to the outcome: the
 * pressed button goes away with the state it belonged to.
 */
export function useDeleteRestore(kit: OrderActionKit) {
  const { t } = useI18n();
  const { order, texts } = kit;
  const [remove, removing] = useDeleteOrderMutation();
  const [restore, restoring] = useRestoreOrderMutation();

  const deleteOrder = async () => {
    kit.begin();
    const sure = await kit.confirm({
      title: t('admin.orders.deleteTitle', { reference: order.referenceNumber }),
      body: t('admin.orders.deleteBody', { name: order.name, window: texts.windowText(order.appointment) }),
      confirmLabel: t('common.delete'),
      tone: 'danger',
    });
    if (!sure) return;
    const outcome = await remove(order.id);
    kit.show(outcome, outcome.ok);
    if (outcome.ok && !order.dayConfirmed) {
      kit.offerUndo({ text: t('admin.orders.undoDelete'), run: () => restore(order.id) });
    }
  };

  const restoreOrder = async () => {
    kit.begin();
    const sure = await kit.confirm({
      title: t('admin.orders.restoreTitle', { reference: order.referenceNumber }),
      body: t('admin.orders.restoreBody', {
        name: order.name,
        window: texts.windowText(order.appointment),
        technician: texts.technicianText(order.technician),
      }),
      confirmLabel: t('admin.orders.restore'),
    });
    if (!sure) return;
    kit.show(await restore(order.id), true);
  };

  return { deleteOrder, removing, restoreOrder, restoring };
}
