import { useI18n } from '../../../i18n/i18n';
import type { OrderRow } from './orders-list-queries';

/**
 * The row's compact marks, one cell each: the visit's stage, whether the customer looked the window up, their
 * reply, and special / external / deleted. Every mark is a word, never a colour alone; a mark that says "nothing
 * here" is muted.
 */
export function OrderBadgeCells({ order }: { order: OrderRow }) {
  const { t } = useI18n();
  const stage = order.visitStatus?.stage ?? 'PLANNED';
  const reply = order.informed.reply;
  const informed = order.informed.lookupCount > 0;
  return (
    <>
      <td>
        <span className={`badge badge-stage badge-stage-${stage.toLowerCase()}`}>{t(`visit.stage.${stage}`)}</span>
      </td>
      <td>
        <span className={informed ? 'badge badge-yes' : 'badge badge-no'}>
          {t(informed ? 'admin.orders.yes' : 'admin.orders.no')}
        </span>
      </td>
      <td>
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
      <td>
        <span className="badge-row">
          {order.special && <span className="badge badge-special">{t('admin.ordersList.mark.special')}</span>}
          {order.externalPartner !== null && (
            <span className="badge badge-external">{t('admin.ordersList.mark.external')}</span>
          )}
          {order.deleted && <span className="badge badge-deleted">{t('admin.ordersList.mark.deleted')}</span>}
        </span>
      </td>
    </>
  );
}
