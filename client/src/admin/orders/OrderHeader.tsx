import { Message } from '../../components/Message';
import { graphql } from '../../gql';
import type { OrderHeader_OrderFragment } from '../../gql/graphql';
import { formatDayMonthYear, formatTime, formatWeekday } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { fullName } from '../../../../shared/staff.js';

/** @public Read by codegen: the order page's query spreads it. */
export const OrderHeaderFragment = graphql(`
  fragment OrderHeader_order on Order {
    id
    country
    appointment
    duration
    special
    externalPartner
    technician {
      firstname
      lastname
      personalNumber
    }
    deleted {
      date
      admin
    }
    unsubscribedChannels
    visitStatus {
      stage
    }
    informed {
      reply {
        answer
      }
    }
  }
`);

/**
 * The top of the order page, read at a glance: where the visit stands, its window, its technician, and the marks
 * that change how the dispatcher treats it (external, special, a customer who asked to be called or to get no more
 * messages, deleted). Each
 * mark is a word, never a colour alone.
 */
export function OrderHeader({ order }: { order: OrderHeader_OrderFragment }) {
  const { t, language } = useI18n();
  const locale = { language, country: order.country };
  const start = new Date(order.appointment);
  const end = new Date(start.getTime() + order.duration * 1000);
  const stage = order.deleted ? null : (order.visitStatus?.stage ?? 'PLANNED');
  const deletedAt = order.deleted ? new Date(order.deleted.date) : null;
  const marks: { key: string; text: string; className: string }[] = [];
  if (order.deleted)
    marks.push({ key: 'deleted', text: t('admin.ordersList.mark.deleted'), className: 'badge-deleted' });
  if (order.informed.reply?.answer === 'CALL_ME') {
    marks.push({ key: 'callMe', text: t('admin.ordersList.reply.CALL_ME'), className: 'badge-reply-call_me' });
  }
  if (order.unsubscribedChannels.length > 0) {
    const channels = order.unsubscribedChannels.map((channel) => t(`admin.messages.channel.${channel}`)).join(', ');
    marks.push({
      key: 'unsubscribed',
      text: t('admin.ordersList.mark.unsubscribed', { channels }),
      className: 'badge-unsubscribed',
    });
  }
  if (order.special)
    marks.push({ key: 'special', text: t('admin.ordersList.mark.special'), className: 'badge-special' });
  if (order.externalPartner !== null && order.externalPartner !== undefined) {
    marks.push({
      key: 'external',
      text: `${t('admin.ordersList.mark.external')}: ${order.externalPartner}`,
      className: 'badge-external',
    });
  }
  return (
    <div className="order-header">
      <dl className="order-facts">
        <div>
          <dt>{t('admin.ordersList.column.stage')}</dt>
          <dd>
            {stage ? (
              <span className={`badge badge-stage badge-stage-${stage.toLowerCase()}`}>
                {t(`visit.stage.${stage}`)}
              </span>
            ) : (
              <span className="badge badge-deleted">{t('admin.ordersList.mark.deleted')}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('admin.orders.window')}</dt>
          <dd className="order-window">
            {t('admin.orders.windowText', {
              weekday: formatWeekday(start, locale),
              date: formatDayMonthYear(start, locale),
              from: formatTime(start, locale),
              to: formatTime(end, locale),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('admin.orders.field.technician')}</dt>
          <dd>{order.technician ? fullName(order.technician) : '—'}</dd>
        </div>
        {marks.length > 0 && (
          <div>
            <dt>{t('admin.ordersList.marks')}</dt>
            <dd>
              <ul className="badge-row order-marks">
                {marks.map((mark) => (
                  <li key={mark.key} className={`badge ${mark.className}`}>
                    {mark.text}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
      {order.deleted && deletedAt && (
        <Message tone="warning">
          {t('admin.orders.deletedNotice', {
            date: `${formatDayMonthYear(deletedAt, locale)} ${formatTime(deletedAt, locale)}`,
            admin: order.deleted.admin,
          })}
        </Message>
      )}
    </div>
  );
}
