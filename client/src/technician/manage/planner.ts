/**
 * The planner's rules on the client (spec sections 4 and 9), kept free of React and imports so they
 * are unit-tested on their own. The server checks the same limits again when the day is confirmed.
 */

export const FIRST_START_HOUR = 7;
export const LAST_START_HOUR = 20;
export const LATEST_END_HOUR = 22;
export const SLOT_HOURS = 3;
export const SLOT_SECONDS = SLOT_HOURS * 3600;

/** The start-hour dropdown: 07:00 to 20:00. */
export const START_HOURS: readonly number[] = Array.from(
  { length: LAST_START_HOUR - FIRST_START_HOUR + 1 },
  (_, index) => FIRST_START_HOUR + index,
);

export type Direction = 'up' | 'down';

/** One appointment in the planner: the order as loaded, and the start hour the technician chose. */
export interface PlannerRow<Order extends { id: number; appointment: string } = { id: number; appointment: string }> {
  order: Order;
  /** The hour (in the country's zone) the order started at when loaded. */
  loadedHour: number;
  hour: number;
}

export const hourLabel = (hour: number): string => `${String(hour).padStart(2, '0')}:00`;

export const endHourOf = (hour: number): number => hour + SLOT_HOURS;

export const endsTooLate = (hour: number): boolean => endHourOf(hour) > LATEST_END_HOUR;

/** Only possible for an order an admin placed before 07:00: the dropdown starts at 07:00. */
export const startsTooEarly = (hour: number): boolean => hour < FIRST_START_HOUR;

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
  return direction === 'up' ? hour - 1 >= FIRST_START_HOUR : !endsTooLate(hour + 1);
}

/**
 * Moves one order an hour earlier or later. An order already holding that hour takes over the
 * moved order's hour (the two swap), and the list is sorted again.
 */
export function move<Row extends PlannerRow>(rows: readonly Row[], id: number, direction: Direction): Row[] {
  const moving = rows.find((row) => row.order.id === id);
  if (!moving || !canMove(moving.hour, direction)) return [...rows];
  const target = moving.hour + (direction === 'up' ? -1 : 1);
  const holder = rows.find((row) => row.order.id !== id && row.hour === target);
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
 * The start at the chosen whole hour, on the order's own day. NL and BE are whole hours off UTC and
 * change clocks at night, so whole-hour steps from the loaded start are exact in business hours.
 */
export function startAt(row: PlannerRow): string {
  const loaded = new Date(row.order.appointment).getTime();
  const loadedWholeHour = loaded - (loaded % 3_600_000);
  return new Date(loadedWholeHour + (row.hour - row.loadedHour) * 3_600_000).toISOString();
}

/** What the confirm sends: every order once, by start. */
export function confirmItems(rows: readonly PlannerRow[]) {
  return sortByHour(rows).map((row) => ({ orderId: row.order.id, appointment: startAt(row), duration: SLOT_SECONDS }));
}

export type DayPart = 'night' | 'morning' | 'afternoon' | 'evening';

/** Night 0-5, morning 6-11, afternoon 12-17, evening otherwise. */
export function dayPartOf(hour: number): DayPart {
  if (hour < 6) return 'night';
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}
