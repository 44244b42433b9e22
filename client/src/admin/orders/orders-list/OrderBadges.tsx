import { useI18n } from '../../../i18n/i18n';
import type { OrderRow } from './orders-list-queries';

type BadgeColumn = 'stage' | 'informed' | 'reply' | 'marks';

/**
 * One of the row's compact marks: the visit's stage, whether the customer looked the window up, their reply, or
 * special / external / deleted. Every mark is a word, never a colour alone; a mark that says "nothing here" is muted.
 */
export function OrderBadgeCell({ order, column }: { order: OrderRow; column: BadgeColumn }) {
  const { t } = useI18n();
  const stage = order.visitStatus?.stage ?? 'PLANNED';
  const reply = order.informed.reply;
  const informed = order.informed.lookupCount > 0;
  switch (column) {
    case 'stage':
      return (
        <td>
          <span className={`badge badge-stage badge-stage-${stage.toLowerCase()}`}>{t(`visit.stage.${stage}`)}</span>
        </td>
      );
    case 'informed':
      return (
        <td className="col-p3">
          <span className={informed ? 'badge badge-yes' : 'badge badge-no'}>
            {t(informed ? 'admin.orders.yes' : 'admin.orders.no')}
          </span>
        </td>
      );
    case 'reply':
      return (
        <td className="col-p2">
          <span className="badge-row">
            {reply?.answer && (
              <span className={`badge badge-reply-${reply.answer.toLowerCase()}`}>
                {t(`admin.ordersList.reply.${reply.answer}`)}
              </span>
            )}
            {reply?.accessNote && <span className="badge badge-note">{t('admin.ordersList.mark.note')}</span>}
            {!reply?.answer && !reply?.accessNote && (
              <span className="muted">
                <span aria-hidden="true">—</span>
                <span className="visually-hidden">{t('admin.ordersList.reply.NONE')}</span>
              </span>
            )}
          </span>
        </td>
      );
    case 'marks':
      return (
        <td className="col-p2">
          <span className="badge-row">
            {order.special && <span className="badge badge-special">{t('admin.ordersList.mark.special')}</span>}
            {order.externalPartner !== null && (
              <span className="badge badge-external">{t('admin.ordersList.mark.external')}</span>
            )}
            {order.deleted && <span className="badge badge-deleted">{t('admin.ordersList.mark.deleted')}</span>}
          </span>
        </td>
      );
  }
}
