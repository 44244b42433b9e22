import { graphql } from '../../gql';
import type { OrderDetails_OrderFragment } from '../../gql/graphql';
import { useI18n } from '../../i18n/i18n';
import { formatDayMonthYear, formatTime, formatWeekday } from '../../i18n/format';
import { addressLine } from '../../../../shared/address.js';
import { technicianLabel } from './TechnicianSelect';

/** @public Read by codegen: the queries that show this component spread it. */
export const OrderDetailsFragment = graphql(`
  fragment OrderDetails_order on Order {
    id
    referenceNumber
    name
    email
    phone
    zipcode
    street
    houseNumber
    houseNumberAddition
    city
    country
    appointment
    duration
    special
    technician {
      ...TechnicianSelect_technician
    }
    deleted {
      date
      admin
    }
    visitStatus {
      stage
      expectedArrival
      arrivedAt
      finishedAt
      outcome
      note
    }
  }
`);

/** One order's customer, address, visit window, technician and the visit's status, as a description list. */
export function OrderDetails({ order }: { order: OrderDetails_OrderFragment }) {
  const { t, language } = useI18n();
  const locale = { language, country: order.country };
  const time = (iso: string | null | undefined) => (iso ? formatTime(new Date(iso), locale) : '');
  /** The technician's own words for the status, with its times (the same texts the technician sees). */
  const visitStatusText = (status: OrderDetails_OrderFragment['visitStatus']): string => {
    switch (status?.stage) {
      case 'ON_THE_WAY':
        return t('visit.status.onTheWay', { time: time(status.expectedArrival) });
      case 'ARRIVED':
        return t('visit.status.arrived', { time: time(status.arrivedAt) });
      case 'FINISHED': {
        const finished = t('visit.status.finished', {
          time: time(status.finishedAt),
          outcome: status.outcome ? t(`visit.outcome.${status.outcome}`) : '',
        });
        return status.note ? `${finished} — ${status.note}` : finished;
      }
      default:
        return t('visit.status.planned');
    }
  };
  const start = new Date(order.appointment);
  const end = new Date(start.getTime() + order.duration * 1000);
  const rows: [string, string][] = [
    [t('admin.orders.field.referenceNumber'), order.referenceNumber],
    [t('admin.orders.field.name'), order.name],
    [t('admin.orders.field.email'), order.email],
    [t('admin.orders.field.phone'), order.phone],
    [t('admin.orders.address'), addressLine(order)],
    [t('admin.orders.field.country'), t(order.country === 'BE' ? 'common.country.BE' : 'common.country.NL')],
    [t('admin.orders.field.date'), `${formatWeekday(start, locale)} ${formatDayMonthYear(start, locale)}`],
    [t('admin.orders.window'), `${formatTime(start, locale)} – ${formatTime(end, locale)}`],
    [t('admin.orders.field.technician'), order.technician ? technicianLabel(order.technician) : '—'],
    [t('admin.orders.field.special'), t(order.special ? 'admin.orders.yes' : 'admin.orders.no')],
    [t('admin.history.field.visitStage'), visitStatusText(order.visitStatus)],
  ];
  return (
    <dl className="details-list">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
