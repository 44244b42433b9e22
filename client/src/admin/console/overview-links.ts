import { DEFAULT_PARAMS, WITHOUT_TECHNICIAN, writeParams, type OrdersListParams } from '../orders/orders-list-params';

/** The figures of the console overview that count orders, each with the order list filter it counts by. */
export const ORDER_FIGURES = [
  'orders',
  'ordersConfirmed',
  'informed',
  'notInformed',
  'callMe',
  'accessNotes',
  'onHoliday',
  'external',
  'withoutTechnician',
] as const;

export type OrderFigure = (typeof ORDER_FIGURES)[number];

const FIGURE_PARAMS: Record<OrderFigure, Partial<OrdersListParams>> = {
  orders: {},
  ordersConfirmed: { dayConfirmed: 'yes' },
  informed: { informed: 'yes' },
  notInformed: { informed: 'no' },
  callMe: { reply: 'CALL_ME' },
  accessNotes: { reply: 'ACCESS_NOTE' },
  onHoliday: { onHoliday: 'yes' },
  external: { external: 'yes' },
  withoutTechnician: { technician: WITHOUT_TECHNICIAN },
};

/**
 * The order list of exactly the orders a figure counts: the country, the one day, active orders, and the figure's
 * filter (the server counts each figure by the same filter, server/overview/dispatch-overview.service.ts).
 */
export function orderListLink(figure: OrderFigure, country: 'NL' | 'BE', date: string): string {
  const params: OrdersListParams = { ...DEFAULT_PARAMS, country, from: date, to: date, ...FIGURE_PARAMS[figure] };
  return `/admin/orders?${writeParams(params).toString()}`;
}
