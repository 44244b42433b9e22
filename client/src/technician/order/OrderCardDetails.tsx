import { ReplyNote } from '../../components/ReplyNote';
import { useI18n } from '../../i18n/i18n';
import type { OrderCardOrder } from './order-card';
import { addressLine } from '../../../../shared/address.js';
import { readablePhone } from '../../../../shared/phone.js';
import { navigationUrl } from './order-links';

/**
 * The body of an order card: the address that opens navigation, the number that starts a call, the
 * special and external badges, and the customer's reply and note. Each link names the customer, so a
 * screen reader's list of links says whose address or number it is.
 */
export function OrderCardDetails({ order }: { order: OrderCardOrder }) {
  const { t } = useI18n();
  const phone = readablePhone(order.phone, order.country);
  return (
    <div className="order-card-details">
      <p className="order-card-line">
        <a
          className="order-card-link"
          href={navigationUrl(order)}
          target="_blank"
          rel="noreferrer"
          aria-label={t('technician.card.navigate', { address: addressLine(order), name: order.name })}
        >
          {/* A drawn pin: the phone fonts have no map-pin character everywhere. */}
          <svg className="order-card-icon" aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
            <path
              fill="currentColor"
              d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z"
            />
          </svg>
          {addressLine(order)}
        </a>
      </p>
      {phone.dial && (
        <p className="order-card-line">
          <a
            className="order-card-link"
            href={phone.dial}
            aria-label={t('technician.card.call', { phone: phone.shown, name: order.name })}
          >
            <span aria-hidden="true" className="order-card-icon">
              ✆
            </span>
            {phone.shown}
          </a>
        </p>
      )}
      {(order.special || order.externalPartner) && (
        <p className="order-card-badges">
          {order.special && <span className="badge badge-special">{t('technician.manage.special')}</span>}
          {order.externalPartner && (
            <span className="badge badge-external">
              {t('technician.card.external', { partner: order.externalPartner })}
            </span>
          )}
        </p>
      )}
      {order.reply?.answer && (
        <p className={`planner-reply planner-reply-${order.reply.answer === 'CALL_ME' ? 'call' : 'home'}`}>
          {t(`technician.manage.reply.${order.reply.answer}`)}
        </p>
      )}
      {order.reply?.accessNote && (
        <p className="planner-note">
          <span className="planner-note-label">{t('technician.manage.reply.note')}: </span>
          <ReplyNote escaped={order.reply.accessNote} />
        </p>
      )}
    </div>
  );
}
