import { useApolloClient } from '@apollo/client/react';
import { graphql } from '../../../gql';
import { useI18n } from '../../../i18n/i18n';
import { UNDO_SECONDS } from '../../../../../shared/orders.js';
import { useDeleteOrderMutation, useRestoreOrderMutation } from '../order-mutations';
import type { OrderActionKit } from './order-action-kit';

const OrderCancellationChannelsQuery = graphql(`
  query OrderCancellationChannels($orderId: Int!) {
    orderCancellationChannels(orderId: $orderId)
  }
`);

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
  const client = useApolloClient();

  /** Whether and how the consumer hears of the delete, asked now: messages go out while the page is open. */
  const noticeText = async (): Promise<string> => {
    try {
      const { data } = await client.query({
        query: OrderCancellationChannelsQuery,
        variables: { orderId: order.id },
        fetchPolicy: 'network-only',
      });
      const channels = data?.orderCancellationChannels ?? [];
      const email = channels.includes('EMAIL');
      const sms = channels.includes('SMS');
      if (!email && !sms) return t('admin.orders.deleteNoticeNone');
      const how = t(
        email && sms
          ? 'admin.orders.deleteNoticeEmailSms'
          : email
            ? 'admin.orders.deleteNoticeEmail'
            : 'admin.orders.deleteNoticeSms',
      );
      // Without an undo (a confirmed day) the cancellation simply goes.
      return order.dayConfirmed ? how : `${how} ${t('admin.orders.deleteNoticeUndo', { seconds: UNDO_SECONDS })}`;
    } catch {
      // The dialog still asks: the delete itself does not depend on this answer.
      return t('admin.orders.deleteNoticeUnknown');
    }
  };

  const deleteOrder = async () => {
    kit.begin();
    const notice = await noticeText();
    const sure = await kit.confirm({
      title: t('admin.orders.deleteTitle', { reference: order.referenceNumber }),
      body: `${t('admin.orders.deleteBody', { name: order.name, window: texts.windowText(order.appointment) })} ${notice}`,
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
