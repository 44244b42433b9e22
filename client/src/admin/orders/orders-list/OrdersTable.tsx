import { Link, useLocation } from 'react-router-dom';
import { formatDayMonthYear, formatTime } from '../../../i18n/format';
import { useI18n } from '../../../i18n/i18n';
import { postcodeAndNumber } from '../../../../../shared/address.js';
import { orderPagePath } from '../order-links';
import type { OrdersListParams, SortField } from '../orders-list-params';
import { fromOrdersList, rememberListScroll } from './list-return';
import { OrderBadgeCells } from './OrderBadges';
import type { OrderRow } from './orders-list-queries';

const COLUMNS: { field: SortField; label: 'referenceNumber' | 'name' | 'zipcode' | 'city' | 'date' }[] = [
  { field: 'REFERENCE_NUMBER', label: 'referenceNumber' },
  { field: 'NAME', label: 'name' },
  { field: 'ZIPCODE', label: 'zipcode' },
  { field: 'CITY', label: 'city' },
  { field: 'APPOINTMENT', label: 'date' },
];

const SORT_ARROW = { ascending: ' ▲', descending: ' ▼', none: '' } as const;

/** The orders as rows; a sortable header per column, and each reference opens the order (and "Terug" comes back). */
export function OrdersTable({
  orders,
  params,
  onSort,
}: {
  orders: readonly OrderRow[];
  params: OrdersListParams;
  onSort: (field: SortField) => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const { search } = useLocation();
  const sortState = (field: SortField) =>
    params.sort !== field ? undefined : params.direction === 'ASC' ? 'ascending' : 'descending';
  return (
    <div className="table-wrap">
      <table className="orders-table">
        <caption className="visually-hidden">{t('admin.ordersList.title')}</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column.field} scope="col" aria-sort={sortState(column.field)}>
                <button type="button" className="sort-button" onClick={() => onSort(column.field)}>
                  {t(`admin.orders.field.${column.label}`)}
                  <span aria-hidden="true">{SORT_ARROW[sortState(column.field) ?? 'none']}</span>
                </button>
              </th>
            ))}
            <th scope="col">{t('admin.orders.field.technician')}</th>
            <th scope="col">{t('admin.ordersList.column.stage')}</th>
            <th scope="col">{t('admin.ordersList.informed')}</th>
            <th scope="col">{t('admin.ordersList.reply')}</th>
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
                  <Link
                    to={orderPagePath(order.referenceNumber)}
                    state={fromOrdersList(search)}
                    onClick={() => rememberListScroll(sessionStorage, search, window.scrollY)}
                  >
                    {order.referenceNumber}
                  </Link>
                </td>
                <td>{order.name}</td>
                <td className="nowrap">{postcodeAndNumber(order)}</td>
                <td>{order.city}</td>
                <td className="nowrap">
                  {formatDayMonthYear(start, locale)} {formatTime(start, locale)}–{formatTime(end, locale)}
                </td>
                <td>{order.technician ? `${order.technician.firstname} ${order.technician.lastname}` : '—'}</td>
                <OrderBadgeCells order={order} />
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
