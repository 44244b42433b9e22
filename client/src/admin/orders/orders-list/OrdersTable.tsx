import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { formatDayMonthYear, formatTime } from '../../../i18n/format';
import { useI18n } from '../../../i18n/i18n';
import { postcodeAndNumber, postcodeAsWritten } from '../../../../../shared/address.js';
import { orderPagePath } from '../order-links';
import type { OrdersListParams, SortField } from '../orders-list-params';
import { COLUMN_PRIORITY, type OptionalColumn } from './columns';
import { fromOrdersList, rememberListScroll } from './list-return';
import { OrderBadgeCell } from './OrderBadges';
import type { OrderRow } from './orders-list-queries';
import { useColumnLabel } from './useColumnLabel';

type ColumnId = 'referenceNumber' | 'name' | 'date' | 'stage' | OptionalColumn;

/** The columns in the order they stand; `sort` where the header sorts the list. */
const COLUMNS: { id: ColumnId; sort?: SortField }[] = [
  { id: 'referenceNumber', sort: 'REFERENCE_NUMBER' },
  { id: 'name', sort: 'NAME' },
  { id: 'zipcode', sort: 'ZIPCODE' },
  { id: 'city', sort: 'CITY' },
  { id: 'date', sort: 'APPOINTMENT' },
  { id: 'technician' },
  { id: 'stage' },
  { id: 'informed' },
  { id: 'reply' },
  { id: 'marks' },
];

const SORT_ARROW = { ascending: ' ▲', descending: ' ▼', none: '' } as const;

const isOptional = (id: ColumnId): id is OptionalColumn => id in COLUMN_PRIORITY;

/** The class that folds a column away on a narrower screen (orders.css), by its priority. */
const priorityClass = (id: ColumnId) => (isOptional(id) ? `col-p${COLUMN_PRIORITY[id]}` : undefined);

/**
 * The orders as rows; a sortable header per column, and each reference opens the order (and "Terug" comes back).
 * Columns in `hidden` are left out.
 */
export function OrdersTable({
  orders,
  params,
  hidden,
  onSort,
}: {
  orders: readonly OrderRow[];
  params: OrdersListParams;
  hidden: ReadonlySet<OptionalColumn>;
  onSort: (field: SortField) => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const columnLabel = useColumnLabel();
  const { search } = useLocation();
  const sortState = (field: SortField) =>
    params.sort !== field ? undefined : params.direction === 'ASC' ? 'ascending' : 'descending';
  const columns = COLUMNS.filter((column) => !isOptional(column.id) || !hidden.has(column.id));
  const label = (id: ColumnId) =>
    isOptional(id)
      ? columnLabel(id)
      : id === 'stage'
        ? t('admin.ordersList.column.stage')
        : id === 'referenceNumber'
          ? t('admin.ordersList.column.reference')
          : t(`admin.orders.field.${id}`);

  const cell = (order: OrderRow, id: ColumnId): ReactNode => {
    const start = new Date(order.appointment);
    const end = new Date(start.getTime() + order.duration * 1000);
    const locale = { ...i18n, country: order.country };
    switch (id) {
      case 'referenceNumber':
        return (
          <td key={id}>
            <Link
              to={orderPagePath(order.referenceNumber)}
              state={fromOrdersList(search)}
              onClick={() => rememberListScroll(sessionStorage, search, window.scrollY)}
            >
              {order.referenceNumber}
            </Link>
          </td>
        );
      case 'name':
        return <td key={id}>{order.name}</td>;
      case 'zipcode': {
        // The postcode stays whole; the house number may go to the next line.
        const postcode = postcodeAsWritten(order.zipcode);
        return (
          <td key={id} className={priorityClass(id)}>
            <span className="nowrap">{postcode}</span>
            {postcodeAndNumber(order).slice(postcode.length)}
          </td>
        );
      }
      case 'city':
        return (
          <td key={id} className={priorityClass(id)}>
            {order.city}
          </td>
        );
      case 'date':
        return (
          <td key={id}>
            <span className="nowrap">{formatDayMonthYear(start, locale)}</span>{' '}
            <span className="nowrap">
              {formatTime(start, locale)}–{formatTime(end, locale)}
            </span>
          </td>
        );
      case 'technician':
        return (
          <td key={id} className={priorityClass(id)}>
            {order.technician ? `${order.technician.firstname} ${order.technician.lastname}` : '—'}
          </td>
        );
      default:
        return <OrderBadgeCell key={id} order={order} column={id} />;
    }
  };

  return (
    <div className="table-wrap">
      <table className="orders-table">
        <caption className="visually-hidden">{t('admin.ordersList.title')}</caption>
        <thead>
          <tr>
            {columns.map(({ id, sort }) =>
              sort ? (
                <th key={id} scope="col" aria-sort={sortState(sort)} className={priorityClass(id)}>
                  <button type="button" className="sort-button" onClick={() => onSort(sort)}>
                    {label(id)}
                    <span aria-hidden="true">{SORT_ARROW[sortState(sort) ?? 'none']}</span>
                  </button>
                </th>
              ) : (
                <th key={id} scope="col" className={priorityClass(id)}>
                  {label(id)}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>{columns.map(({ id }) => cell(order, id))}</tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
