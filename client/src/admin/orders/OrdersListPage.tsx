import { useQuery } from '@apollo/client/react';
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { BusyButton } from '../../components/BusyButton';
import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { graphql } from '../../gql';
import { formatDayMonthYear, formatTime } from '../../i18n/format';
import { useI18n } from '../../i18n/i18n';
import { TIME_ZONE } from '../../i18n/locale';
import { problemOf } from '../../lib/errors';
import { postcodeAsWritten } from '../../lib/postcode';
import { usePageTitle } from '../../lib/usePageTitle';
import { AdminPageHeader } from '../AdminPageHeader';
import { orderPagePath } from './order-links';
import {
  canAsk,
  effectiveParams,
  filterOf,
  readParams,
  sortedBy,
  writeParams,
  type OrdersListParams,
  type ReplyChoice,
  type SortField,
  type YesNo,
  WITHOUT_TECHNICIAN,
} from './orders-list-params';
import { TechnicianSelect } from './TechnicianSelect';
import { addDays, instantOf, localDateOf } from '../../../../shared/zoned-time.js';

const ORDERS_LIST_PAGE = graphql(`
  query OrdersListPage($filter: OrderFilterInput, $sort: OrderSortInput, $after: String) {
    orders(filter: $filter, sort: $sort, after: $after, first: 25) {
      totalCount
      totalCountExact
      pageInfo {
        endCursor
        hasNextPage
      }
      edges {
        node {
          id
          referenceNumber
          name
          zipcode
          houseNumber
          city
          country
          appointment
          duration
          special
          externalCompany
          deleted {
            date
          }
          technician {
            firstname
            lastname
          }
        }
      }
    }
  }
`);

const ORDERS_LIST_FILTERS = graphql(`
  query OrdersListFilters {
    serverInfo {
      now
    }
    technicians {
      ...TechnicianSelect_technician
    }
  }
`);

/** Waits until typing pauses, so the list is not fetched for every key. */
function useSettled(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

const COLUMNS: { field: SortField; label: 'referenceNumber' | 'name' | 'zipcode' | 'city' | 'date' }[] = [
  { field: 'REFERENCE_NUMBER', label: 'referenceNumber' },
  { field: 'NAME', label: 'name' },
  { field: 'ZIPCODE', label: 'zipcode' },
  { field: 'CITY', label: 'city' },
  { field: 'APPOINTMENT', label: 'date' },
];

/**
 * Every order, found while the customer is on the phone: one search box (name, postcode with number, phone,
 * e-mail, city or reference), filters and sortable columns, all kept in the URL so a list can be shared and the
 * back button returns to it. Each reference opens the order's own page.
 */
export function OrdersListPage() {
  const i18n = useI18n();
  const { t } = i18n;
  usePageTitle(t('admin.ordersList.title'));
  const ids = useId();
  const [query, setQuery] = useSearchParams();
  const params = readParams(query);
  const [typed, setTyped] = useState(params.search);
  const settled = useSettled(typed, 300);

  const update = (next: Partial<OrdersListParams>, replace = false) =>
    setQuery(writeParams({ ...params, ...next }), { replace });

  useEffect(() => {
    if (settled.trim() !== params.search.trim()) update({ search: settled }, true);
    // Only a settled search changes the URL; other changes come from the URL itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  const zone = TIME_ZONE[params.country === '' ? 'NL' : params.country];
  const filters = useQuery(ORDERS_LIST_FILTERS).data;
  const technicians = filters?.technicians ?? [];
  const today = filters ? localDateOf(new Date(filters.serverInfo.now), zone) : '';
  const asked = effectiveParams(params, today);
  // Never a query the server would refuse or that would read every order, whatever the URL says.
  const tooShort = !canAsk(params);
  const { data, previousData, loading, error, fetchMore } = useQuery(ORDERS_LIST_PAGE, {
    variables: {
      filter: filterOf(
        asked,
        (date) => instantOf(date, 0, 0, zone).toISOString(),
        (date) => addDays(date, 1),
      ),
      sort: { field: params.sort, direction: params.direction },
      after: null,
    },
    // "Informed" needs a start date: wait for today's date from the server.
    skip: tooShort || (asked.informed !== '' && asked.from === ''),
    fetchPolicy: 'cache-and-network',
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const loadMore = async (after: string) => {
    setLoadingMore(true);
    try {
      // The cache adds the page to the list (client/src/lib/paging.ts).
      await fetchMore({ variables: { after } });
    } finally {
      setLoadingMore(false);
    }
  };
  const shown = data ?? previousData;
  const orders = shown?.orders.edges.map((edge) => edge.node) ?? [];

  const yesNoSelect = (
    name: 'informed' | 'special' | 'external' | 'dayConfirmed' | 'onHoliday' | 'deleted',
    label: string,
  ) => (
    <div className="field">
      <label htmlFor={`${ids}-${name}`}>{label}</label>
      <select
        id={`${ids}-${name}`}
        value={params[name]}
        onChange={(event) => update({ [name]: event.target.value as YesNo })}
      >
        <option value="">{t('admin.ordersList.any')}</option>
        <option value="yes">{t('admin.orders.yes')}</option>
        <option value="no">{t('admin.orders.no')}</option>
      </select>
    </div>
  );

  const total = shown
    ? t(shown.orders.totalCountExact ? 'admin.ordersList.count' : 'admin.ordersList.countAtLeast', {
        count: shown.orders.totalCount.toLocaleString(`${i18n.language}-${i18n.country}`),
      })
    : '';

  return (
    <section className="orders-list">
      <AdminPageHeader title={t('admin.ordersList.title')}>
        <Link className="button button-primary" to="/admin/appointment/create">
          {t('admin.menu.createOrder')}
        </Link>
      </AdminPageHeader>
      <div className="card orders-filters">
        <div className="field orders-search" role="search">
          <label htmlFor={`${ids}-search`}>{t('admin.ordersList.search')}</label>
          <input
            id={`${ids}-search`}
            type="search"
            value={typed}
            autoComplete="off"
            aria-describedby={`${ids}-search-hint`}
            onChange={(event) => setTyped(event.target.value)}
          />
          <p id={`${ids}-search-hint`} className="field-hint">
            {t('admin.ordersList.searchHint')}
          </p>
        </div>
        <div className="orders-filter-row">
          <div className="field">
            <label htmlFor={`${ids}-from`}>{t('admin.ordersList.from')}</label>
            <input
              id={`${ids}-from`}
              type="date"
              value={asked.from}
              onChange={(event) => update({ from: event.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-to`}>{t('admin.ordersList.to')}</label>
            <input
              id={`${ids}-to`}
              type="date"
              value={params.to}
              onChange={(event) => update({ to: event.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-country`}>{t('admin.orders.field.country')}</label>
            <select
              id={`${ids}-country`}
              value={params.country}
              onChange={(event) => update({ country: event.target.value as OrdersListParams['country'] })}
            >
              <option value="">{t('admin.ordersList.any')}</option>
              <option value="NL">NL</option>
              <option value="BE">BE</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-technician`}>{t('admin.orders.field.technician')}</label>
            <TechnicianSelect
              id={`${ids}-technician`}
              technicians={technicians}
              value={params.technician}
              onChange={(technician) => update({ technician })}
              emptyLabel={t('admin.ordersList.any')}
              extraChoice={{ value: WITHOUT_TECHNICIAN, label: t('admin.ordersList.withoutTechnician') }}
            />
          </div>
          {yesNoSelect('informed', t('admin.ordersList.informed'))}
          <div className="field">
            <label htmlFor={`${ids}-reply`}>{t('admin.ordersList.reply')}</label>
            <select
              id={`${ids}-reply`}
              value={params.reply}
              onChange={(event) => update({ reply: event.target.value as ReplyChoice })}
            >
              <option value="">{t('admin.ordersList.any')}</option>
              {(['NONE', 'ANY', 'AT_HOME', 'CALL_ME', 'ACCESS_NOTE'] as const).map((reply) => (
                <option key={reply} value={reply}>
                  {t(`admin.ordersList.reply.${reply}`)}
                </option>
              ))}
            </select>
          </div>
          {yesNoSelect('special', t('admin.orders.field.special'))}
          {yesNoSelect('external', t('admin.ordersList.external'))}
          {yesNoSelect('dayConfirmed', t('admin.ordersList.dayConfirmed'))}
          {yesNoSelect('onHoliday', t('admin.ordersList.onHoliday'))}
          {yesNoSelect('deleted', t('admin.ordersList.deleted'))}
        </div>
        {query.toString() !== '' && (
          <Link className="button button-ghost" to="/admin/orders" onClick={() => setTyped('')}>
            {t('admin.ordersList.clear')}
          </Link>
        )}
      </div>

      <p className="orders-count" role="status" aria-live="polite">
        {tooShort ? t('admin.ordersList.tooShort') : loading && !shown ? '' : total}
      </p>
      <Message tone="error">{error ? problemOf(error, t('common.genericError')).message : null}</Message>
      {loading && !shown && <Spinner />}
      {shown && orders.length === 0 && !tooShort && <p className="muted">{t('admin.ordersList.empty')}</p>}
      {orders.length > 0 && !tooShort && (
        <div className="table-wrap">
          <table className="orders-table">
            <caption className="visually-hidden">{t('admin.ordersList.title')}</caption>
            <thead>
              <tr>
                {COLUMNS.map((column) => {
                  const active = params.sort === column.field;
                  return (
                    <th
                      key={column.field}
                      scope="col"
                      aria-sort={active ? (params.direction === 'ASC' ? 'ascending' : 'descending') : undefined}
                    >
                      <button
                        type="button"
                        className="sort-button"
                        onClick={() => update(sortedBy(params, column.field))}
                      >
                        {t(`admin.orders.field.${column.label}`)}
                        <span aria-hidden="true">{active ? (params.direction === 'ASC' ? ' ▲' : ' ▼') : ''}</span>
                      </button>
                    </th>
                  );
                })}
                <th scope="col">{t('admin.orders.field.technician')}</th>
                <th scope="col">{t('admin.ordersList.marks')}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => {
                const start = new Date(order.appointment);
                const end = new Date(start.getTime() + order.duration * 1000);
                const locale = { ...i18n, country: order.country };
                return (
                  <tr key={order.id}>
                    <td>
                      <Link to={orderPagePath(order.referenceNumber)}>{order.referenceNumber}</Link>
                    </td>
                    <td>{order.name}</td>
                    <td>
                      {postcodeAsWritten(order.zipcode)} {order.houseNumber}
                    </td>
                    <td>{order.city}</td>
                    <td className="nowrap">
                      {formatDayMonthYear(start, locale)} {formatTime(start, locale)}–{formatTime(end, locale)}
                    </td>
                    <td>{order.technician ? `${order.technician.firstname} ${order.technician.lastname}` : '—'}</td>
                    <td>
                      {order.special && (
                        <span className="badge badge-special">{t('admin.ordersList.mark.special')}</span>
                      )}{' '}
                      {order.externalCompany !== null && (
                        <span className="badge badge-external">{t('admin.ordersList.mark.external')}</span>
                      )}{' '}
                      {order.deleted && (
                        <span className="badge badge-deleted">{t('admin.ordersList.mark.deleted')}</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {shown?.orders.pageInfo.hasNextPage && shown.orders.pageInfo.endCursor && (
        <BusyButton
          className="button button-secondary"
          busy={loadingMore}
          onClick={() => void loadMore(shown.orders.pageInfo.endCursor ?? '')}
        >
          {t('admin.ordersList.more')}
        </BusyButton>
      )}
    </section>
  );
}
