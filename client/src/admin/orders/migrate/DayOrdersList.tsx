import { addressLine } from '../../../../../shared/address.js';
import { formatTime } from '../../../i18n/format';
import { useI18n } from '../../../i18n/i18n';
import type { DayOrder } from './useDayOrders';
import type { MigrateForm } from './useMigrate';

/** The technician's orders of the day, each with its box, and one box for all of them. */
export function DayOrdersList({
  orders,
  selection,
}: {
  orders: readonly DayOrder[];
  selection: MigrateForm['selection'];
}) {
  const { t, language } = useI18n();
  return (
    <fieldset className="migrate-orders">
      <legend>{t('admin.orders.migrate.orders', { count: orders.length })}</legend>
      <label className="check-row check-all">
        <input type="checkbox" checked={selection.allSelected} onChange={selection.toggleAll} />
        <span>{t('admin.orders.migrate.selectAll')}</span>
      </label>
      <ul className="check-list">
        {orders.map((order) => {
          const start = new Date(order.appointment);
          const end = new Date(start.getTime() + order.duration * 1000);
          const locale = { language, country: order.country };
          return (
            <li key={order.id}>
              <label className="check-row">
                <input
                  type="checkbox"
                  checked={selection.selected.has(order.id)}
                  onChange={() => selection.toggle(order.id)}
                />
                <span className="check-row-text">
                  <strong>{order.name}</strong>
                  <span>{addressLine(order)}</span>
                  <span className="muted">
                    {formatTime(start, locale)} – {formatTime(end, locale)}
                  </span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
