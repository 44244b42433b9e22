import {
  DEFAULT_PARAMS,
  WITHOUT_TECHNICIAN,
  writeParams,
  type OrdersListParams,
} from '../orders/orders-list-params.js';

/** The counts of a row of the office's figures, each with the order list filter the server counts it by. */
export const FIGURE_COUNTS = [
  'visits',
  'reached',
  'onTime',
  'firstVisits',
  'firstTimeFixes',
  'finished',
  'notHome',
  'ratings',
] as const;

export type FigureCount = (typeof FIGURE_COUNTS)[number];

/** The same filters as server/statistics/office-figures.service.ts (FIGURE_FILTERS), in the list's URL terms. */
const COUNT_PARAMS: Record<FigureCount, Partial<OrdersListParams>> = {
  visits: {},
  reached: { arrival: 'REACHED' },
  onTime: { arrival: 'ON_TIME' },
  firstVisits: { firstVisit: 'yes', outcome: 'CUSTOMER_HOME' },
  firstTimeFixes: { firstVisit: 'yes', outcome: 'REPAIRED' },
  finished: { outcome: 'FINISHED' },
  notHome: { outcome: 'NOT_HOME' },
  ratings: { rated: 'yes' },
};

/** What a row is about: a day, a country or a technician (no number: the visits without one); none for the total. */
export interface FigureRowKey {
  date?: string | null;
  country?: 'NL' | 'BE' | null;
  technicianNumber?: string | null;
  /** The row is a technician's (or the visits without one). */
  byTechnician?: boolean;
}

/**
 * The order list of exactly the orders a count holds: the period (or the row's day), the country, the row's
 * technician, active orders, and the count's filter. The list reads its dates in the country's zone (Amsterdam's
 * for both), as the server reads the figures' days.
 */
export function figureListLink(
  count: FigureCount,
  period: { from: string; to: string; country: 'NL' | 'BE' | null },
  row: FigureRowKey,
): string {
  const technician = row.byTechnician ? (row.technicianNumber ?? WITHOUT_TECHNICIAN) : '';
  const params: OrdersListParams = {
    ...DEFAULT_PARAMS,
    from: row.date ?? period.from,
    to: row.date ?? period.to,
    country: row.country ?? period.country ?? '',
    technician,
    ...COUNT_PARAMS[count],
  };
  return `/admin/orders?${writeParams(params).toString()}`;
}
