import { useQuery } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import type { Country } from '../../gql/graphql';
import { formatTime } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';
import { BusyButton } from '../../components/BusyButton';

/** How many of the orders the guard lists; the count says how many there are in all. */
export const GUARD_LISTED_ORDERS = 50;

const HolidayGuardQuery = graphql(`
  query HolidayGuard($country: Country!, $date: String!, $first: Int) {
    activeOrdersOnDate(country: $country, date: $date, first: $first) {
      totalCount
      edges {
        node {
          id
          referenceNumber
          name
          city
          country
          appointment
          duration
          technician {
            firstname
            lastname
            personalNumber
          }
        }
      }
    }
  }
`);

/**
 * Before a holiday is saved on a date with active orders: the server's warning, the orders, and the
 * choice to save anyway or cancel. Focus moves to the warning's heading so it is read out at once.
 */
export function HolidayGuard({
  country,
  date,
  warning,
  saving,
  onSaveAnyway,
  onCancel,
}: {
  country: Country;
  date: string;
  /** The server's text (how many orders, which date). */
  warning: string;
  saving: boolean;
  onSaveAnyway: () => void;
  onCancel: () => void;
}) {
  const { t, language } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  const { data, loading, error } = useQuery(HolidayGuardQuery, {
    variables: { country, date, first: GUARD_LISTED_ORDERS },
    fetchPolicy: 'network-only',
  });
  useEffect(() => heading.current?.focus(), []);

  const orders = data?.activeOrdersOnDate.edges.map((edge) => edge.node) ?? [];
  const more = (data?.activeOrdersOnDate.totalCount ?? 0) - orders.length;
  return (
    <section className="card holiday-guard" aria-labelledby="holiday-guard-title">
      <h2 id="holiday-guard-title" ref={heading} tabIndex={-1}>
        {t('admin.holidays.guard.title')}
      </h2>
      <Message tone="warning">{warning}</Message>
      {loading && !data && <Spinner />}
      <Message tone="error">{error ? problemOf(error, t('common.genericError')).message : undefined}</Message>
      {orders.length > 0 && (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">{t('admin.holidays.guard.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.orders.field.referenceNumber')}</th>
                <th scope="col">{t('admin.orders.window')}</th>
                <th scope="col">{t('admin.orders.field.name')}</th>
                <th scope="col">{t('admin.orders.field.city')}</th>
                <th scope="col">{t('admin.orders.field.technician')}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => {
                const start = new Date(order.appointment);
                const end = new Date(start.getTime() + order.duration * 1000);
                const locale = { language, country: order.country };
                return (
                  <tr key={order.id}>
                    <td>{order.referenceNumber}</td>
                    <td>{`${formatTime(start, locale)} – ${formatTime(end, locale)}`}</td>
                    <td>{order.name}</td>
                    <td>{order.city}</td>
                    <td>
                      {order.technician
                        ? `${order.technician.firstname} ${order.technician.lastname} (${order.technician.personalNumber})`
                        : '—'}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {more > 0 && <p>{t('admin.holidays.guard.more', { count: more })}</p>}
      <p>{t('admin.holidays.guard.question')}</p>
      <div className="toolbar">
        <BusyButton type="button" className="button button-danger" onClick={onSaveAnyway} busy={saving}>
          {t('admin.holidays.guard.saveAnyway')}
        </BusyButton>
        <BusyButton type="button" className="button button-secondary" onClick={onCancel} busy={saving}>
          {t('common.cancel')}
        </BusyButton>
      </div>
    </section>
  );
}
