import { useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { FormField } from '../../components/FormField';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import type { ManagedOrder_OrderFragment } from '../../gql/graphql';
import { formatDayMonthYear, formatTime } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { OrderInformed } from '../informed/OrderInformed';
import { OrderDetails } from './OrderDetails';
import { OrderHistory } from './OrderHistory';
import { OrderMessages } from './OrderMessages';
import { OrderActions } from './OrderActions';
import { ordersListOf } from './orders-list/list-return';
import { OrderRating } from './OrderRating';
import { AdminPageHeader } from '../AdminPageHeader';
import type { Status } from './StatusMessages';
import type { TechnicianOption } from './TechnicianSelect';

const OrderManagePageQuery = graphql(`
  query OrderManagePage {
    technicians {
      ...TechnicianSelect_technician
    }
  }
`);

const OrderByReferenceQuery = graphql(`
  query OrderByReference($referenceNumber: String!) {
    orderByReference(referenceNumber: $referenceNumber) {
      id
      country
      ...ManagedOrder_order
    }
  }
`);

/** @public Read by codegen: the order query of this page spreads it. */
export const ManagedOrderFragment = graphql(`
  fragment ManagedOrder_order on Order {
    id
    referenceNumber
    country
    technician {
      personalNumber
    }
    deleted {
      date
      admin
    }
    ...OrderDetails_order
    ...OrderInformed_order
    ...OrderRating_order
    ...OrderActions_order
  }
`);

export function OrderManagePage() {
  const { t } = useI18n();
  usePageTitle(t('admin.menu.manageOrders'));
  const technicians = useQuery(OrderManagePageQuery);
  // A reference in the URL (from the order list, the call list, a shared link) opens that order at once.
  const [query, setQuery] = useSearchParams();
  // Opened from the order list: "Terug" returns to that list, its filters and scroll position as they were.
  const location = useLocation();
  const backToList = ordersListOf(location.state);
  const linked = query.get('reference')?.trim() || null;
  const [reference, setReference] = useState(linked ?? '');
  const [searched, setSearched] = useState<string | null>(linked);
  const result = useQuery(OrderByReferenceQuery, {
    variables: { referenceNumber: searched ?? '' },
    skip: searched === null,
    fetchPolicy: 'network-only',
  });
  const [status, setStatus] = useState<Status>(null);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const wanted = reference.trim();
    if (wanted === '') return;
    if (wanted === searched) void result.refetch();
    else setSearched(wanted);
    setQuery({ reference: wanted }, { replace: true, state: location.state as unknown });
  };

  const order = searched !== null ? result.data?.orderByReference : undefined;
  const searchProblem = searched !== null && result.error ? problemOf(result.error, t('common.genericError')) : null;

  return (
    <section>
      <AdminPageHeader title={t('admin.menu.manageOrders')} back={backToList ?? undefined} />
      <form className="card form search-form" onSubmit={search} role="search">
        <FormField id="order-search" label={t('admin.orders.field.referenceNumber')}>
          {(control) => (
            <div className="inline-controls">
              <input
                {...control}
                value={reference}
                autoComplete="off"
                onChange={(event) => setReference(event.target.value)}
              />
              <button type="submit" className="button button-primary">
                {t('admin.orders.search')}
              </button>
            </div>
          )}
        </FormField>
        <Message tone="error">{searchProblem?.message}</Message>
      </form>
      {result.loading && !order && <Spinner />}
      {order && (
        <>
          <ManagedOrder
            key={order.id}
            order={order}
            technicians={technicians.data?.technicians ?? []}
            status={status}
            onStatus={setStatus}
          />
          <OrderMessages key={`messages-${order.id}`} orderId={order.id} country={order.country} />
          <OrderHistory
            key={`history-${order.id}`}
            orderId={order.id}
            country={order.country}
            technicians={technicians.data?.technicians ?? []}
          />
        </>
      )}
    </section>
  );
}

function ManagedOrder({
  order,
  technicians,
  status,
  onStatus,
}: {
  order: ManagedOrder_OrderFragment;
  technicians: readonly TechnicianOption[];
  status: Status;
  onStatus: (status: Status) => void;
}) {
  const { t, language } = useI18n();
  const deletedAt = order.deleted ? new Date(order.deleted.date) : null;
  const locale = { language, country: order.country };

  return (
    <article className="card order-card" aria-labelledby="order-title">
      <h2 id="order-title">{t('admin.orders.orderTitle', { reference: order.referenceNumber })}</h2>
      {order.deleted && deletedAt && (
        <Message tone="warning">
          {t('admin.orders.deletedNotice', {
            date: `${formatDayMonthYear(deletedAt, locale)} ${formatTime(deletedAt, locale)}`,
            admin: order.deleted.admin,
          })}
        </Message>
      )}
      <OrderDetails order={order} />
      <OrderInformed order={order} />
      <OrderRating order={order} />
      <OrderActions order={order} technicians={technicians} status={status} onStatus={onStatus} />
    </article>
  );
}
