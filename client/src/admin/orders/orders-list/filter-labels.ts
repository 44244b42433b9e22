import type { MessageKey } from '../../../i18n/i18n';
import type { FilterName } from '../orders-list-params';

/** The name each filter goes by: its control's label in the filter row and the start of its chip. */
export const FILTER_LABEL: Record<FilterName, MessageKey> = {
  search: 'admin.ordersList.search',
  from: 'admin.ordersList.from',
  to: 'admin.ordersList.to',
  country: 'admin.orders.field.country',
  technician: 'admin.orders.field.technician',
  informed: 'admin.ordersList.informed',
  reply: 'admin.ordersList.reply',
  special: 'admin.orders.field.special',
  external: 'admin.ordersList.external',
  dayConfirmed: 'admin.ordersList.dayConfirmed',
  onHoliday: 'admin.ordersList.onHoliday',
  outcome: 'admin.ordersList.outcome',
  arrival: 'admin.ordersList.arrival',
  firstVisit: 'admin.ordersList.firstVisit',
  rated: 'admin.ordersList.rated',
  deleted: 'admin.ordersList.deleted',
};
