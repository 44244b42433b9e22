/**
 * The planner on the client, kept free of React so it is unit-tested on its own. The hours are the
 * shared ones (shared/hours.ts), which the server checks again when the day is confirmed.
 */
import {
  endsAfterPlannerDay,
  HOUR_CHOICES,
  hoursOf,
  PLANNER_DAY,
  VISIT_DURATION_SECONDS,
  VISIT_HOURS,
} from '../../../../shared/hours.js';

/** The start-hour dropdown: 07:00 to 20:00. */
export const START_HOURS: readonly number[] = hoursOf(HOUR_CHOICES);

export type Direction = 'up' | 'down';

/** One appointment in the planner: the order as loaded, and the start hour the technician chose. */
export interface PlannerRow<Order extends { id: number; appointment: string } = { id: number; appointment: string }> {
  order: Order;
  /** The hour (in the country's zone) the order started at when loaded. */
  loadedHour: number;
  hour: number;
}

export const endHourOf = (hour: number): number => hour + VISIT_HOURS;

export const endsTooLate = endsAfterPlannerDay;

/** Only possible for an order an admin placed before 07:00: the dropdown starts at 07:00. */
export const startsTooEarly = (hour: number): boolean => hour < PLANNER_DAY.startHour;

/** The rows as loaded, in the server's order (by start). */
export function rowsOf<Order extends { id: number; appointment: string }>(
  orders: readonly Order[],
  hourOf: (instant: Date) => number,
): PlannerRow<Order>[] {
  return orders.map((order) => {
    const hour = hourOf(new Date(order.appointment));
    return { order, loadedHour: hour, hour };
  });
}

/** By start hour; rows with the same hour keep their order. */
export function sortByHour<Row extends PlannerRow>(rows: readonly Row[]): Row[] {
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => a.row.hour - b.row.hour || a.index - b.index)
    .map(({ row }) => row);
}

/** Up (earlier) stops at 07:00; down (later) stops where the end would pass 22:00. */
export function canMove(hour: number, direction: Direction): boolean {
  return direction === 'up' ? hour - 1 >= PLANNER_DAY.startHour : !endsTooLate(hour + 1);
}

/**
 * What a move of one order an hour earlier or later would do to another: the order holding the target hour, which
 * would take the moved order's hour. Null when the move shifts no other order (or cannot be made).
 */
export function swapOf<Row extends PlannerRow>(
  rows: readonly Row[],
  id: number,
  direction: Direction,
): { moving: Row; holder: Row; target: number } | null {
  const moving = rows.find((row) => row.order.id === id);
  if (!moving || !canMove(moving.hour, direction)) return null;
  const target = moving.hour + (direction === 'up' ? -1 : 1);
  const holder = rows.find((row) => row.order.id !== id && row.hour === target);
  return holder ? { moving, holder, target } : null;
}

/**
 * Moves one order an hour earlier or later. An order already holding that hour takes over the
 * moved order's hour (the two swap), and the list is sorted again.
 */
export function move<Row extends PlannerRow>(rows: readonly Row[], id: number, direction: Direction): Row[] {
  const moving = rows.find((row) => row.order.id === id);
  if (!moving || !canMove(moving.hour, direction)) return [...rows];
  const target = moving.hour + (direction === 'up' ? -1 : 1);
  const holder = swapOf(rows, id, direction)?.holder;
  return sortByHour(
    rows.map((row) => {
      if (row === moving) return { ...row, hour: target };
      if (row === holder) return { ...row, hour: moving.hour };
      return row;
    }),
  );
}

export function withHour<Row extends PlannerRow>(rows: readonly Row[], id: number, hour: number): Row[] {
  return rows.map((row) => (row.order.id === id ? { ...row, hour } : row));
}

/**
 * The first row the planner day cannot hold, numbered from 1 in the rows' order, and at which end: a start before
 * the day begins is said before an end after it closes. Null when every row fits, so the day may be confirmed.
 */
export function firstOutsideDay(rows: readonly PlannerRow[]): { edge: 'early' | 'late'; number: number } | null {
  const early = rows.findIndex((row) => startsTooEarly(row.hour));
  if (early >= 0) return { edge: 'early', number: early + 1 };
  const late = rows.findIndex((row) => endsTooLate(row.hour));
  return late >= 0 ? { edge: 'late', number: late + 1 } : null;
}

/**
 * The start at the chosen whole hour, on the order's own day. NL and BE are whole hours off UTC and
 * change clocks at night, so whole-hour steps from the loaded start are exact in business hours.
 */
export function startAt(row: PlannerRow): string {
  const loaded = new Date(row.order.appointment).getTime();
  const loadedWholeHour = loaded - (loaded % 3_600_000);
  return new Date(loadedWholeHour + (row.hour - row.loadedHour) * 3_600_000).toISOString();
}

/** Whether the row's confirmed start would differ from the start the order has now: its customer's window changes. */
export const windowChanges = (row: PlannerRow): boolean =>
  new Date(startAt(row)).getTime() !== new Date(row.order.appointment).getTime();

/** What the confirm sends: every order once, by start. */
export function confirmItems(rows: readonly PlannerRow[]) {
  return sortByHour(rows).map((row) => ({
    orderId: row.order.id,
    appointment: startAt(row),
    duration: VISIT_DURATION_SECONDS,
  }));
}

export type DayPart = 'night' | 'morning' | 'afternoon' | 'evening';

/** Night 0-5, morning 6-11, afternoon 12-17, evening otherwise. */
export function dayPartOf(hour: number): DayPart {
  if (hour < 6) return 'night';
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/** What the top of the planner and its confirm question say: how many orders, from the first start to the last end. */
export function daySpan(rows: readonly PlannerRow[]): { count: number; firstHour: number; lastEndHour: number } | null {
  if (rows.length === 0) return null;
  const hours = rows.map((row) => row.hour);
  return { count: rows.length, firstHour: Math.min(...hours), lastEndHour: endHourOf(Math.max(...hours)) };
}
