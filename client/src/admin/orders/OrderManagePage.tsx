import { useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { FormField } from '../../components/FormField';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import { useI18n } from '../../i18n/i18n';
import { problemOf } from '../../lib/errors';
import { usePageTitle } from '../../lib/usePageTitle';
import { OrderInformed } from '../informed/OrderInformed';
import { OrderDetails } from './OrderDetails';
import { OrderHeader } from './OrderHeader';
import { OrderHistory } from './OrderHistory';
import { OrderMessages } from './OrderMessages';
import { OrderActions } from './OrderActions';
import { ordersListOf } from './orders-list/list-return';
import { OrderRating } from './OrderRating';
import { OrderVisitRecord } from './OrderVisitRecord';
import { AdminPageHeader } from '../AdminPageHeader';
import './orders.css';
import type { Status } from './StatusMessages';

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
    ...OrderHeader_order
    ...OrderDetails_order
    ...OrderInformed_order
    ...OrderRating_order
    ...OrderVisitRecord_order
    ...OrderActions_order
  }
`);

/**
 * One order's own page (`?reference=` in the URL, from the order list, the call list or a shared link): a header with
 * where the visit stands and its marks, the actions, the details, then its messages and history. Without a reference
 * (the menu's "Opdrachten beheren"), or with one that is not found, the page asks for a reference number; searching
 * by anything else is the order list's.
 */
export function OrderManagePage() {
  const { t } = useI18n();
  const technicians = useQuery(OrderManagePageQuery);
  const [query, setQuery] = useSearchParams();
  // Opened from the order list: "Terug" returns to that list, its filters and scroll position as they were.
  const location = useLocation();
  const backToList = ordersListOf(location.state);
  const searched = query.get('reference')?.trim() || null;
  const [reference, setReference] = useState(searched ?? '');
  const result = useQuery(OrderByReferenceQuery, {
    variables: { referenceNumber: searched ?? '' },
    skip: searched === null,
    fetchPolicy: 'network-only',
  });
  const [status, setStatus] = useState<Status>(null);
  // Found from the reference box, the keyboard goes on to the order: the box it was in is gone.
  const focusOrder = useRef(false);
  const orderRef = useRef<HTMLElement>(null);

  const order = searched !== null ? result.data?.orderByReference : undefined;
  usePageTitle(
    order ? t('admin.orders.orderTitle', { reference: order.referenceNumber }) : t('admin.menu.manageOrders'),
  );
  useEffect(() => {
    if (!focusOrder.current || !order) return;
    focusOrder.current = false;
    orderRef.current?.focus();
  }, [order]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const wanted = reference.trim();
    if (wanted === '') return;
    focusOrder.current = true;
    if (wanted === searched) void result.refetch();
    else setQuery({ reference: wanted }, { state: location.state as unknown });
  };

  const searchProblem = searched !== null && result.error ? problemOf(result.error, t('common.genericError')) : null;

  if (!order) {
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
        {result.loading && <Spinner />}
      </section>
    );
  }

  const technicianOptions = technicians.data?.technicians ?? [];
  return (
    <section className="order-page">
      <AdminPageHeader
        title={t('admin.orders.orderTitle', { reference: order.referenceNumber })}
        back={backToList ?? '/admin/orders'}
      />
      <article
        ref={orderRef}
        tabIndex={-1}
        className="card order-card"
        aria-label={t('admin.orders.orderTitle', { reference: order.referenceNumber })}
      >
        <OrderHeader order={order} />
        <OrderActions
          key={order.id}
          order={order}
          technicians={technicianOptions}
          status={status}
          onStatus={setStatus}
        />
        <div className="order-columns">
          <OrderDetails order={order} />
          <div className="order-side">
            <OrderInformed order={order} />
            <OrderRating order={order} />
          </div>
        </div>
        <OrderVisitRecord order={order} />
      </article>
      <OrderMessages key={`messages-${order.id}`} orderId={order.id} country={order.country} />
      <OrderHistory
        key={`history-${order.id}`}
        orderId={order.id}
        country={order.country}
        technicians={technicianOptions}
      />
    </section>
  );
}
