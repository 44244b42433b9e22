/**
 * The order of today's page (kept free of imports: the tests load it under Node): the next stop on top, the other
 * open visits after it by their window, the finished ones folded away at the end.
 */
import type { VisitStage } from './visit-change.js';

export interface DayOrder {
  /** Indexes (into the day's orders) of the visits still to do, the next stop first. */
  open: number[];
  /** Indexes of the finished visits, in the day's order. */
  finished: number[];
  /** The index of the next stop, or -1 when every visit is finished. */
  next: number;
}

/**
 * The visit being worked on comes first (Aangekomen, then Onderweg: the server allows one of each), then the
 * planned ones in the day's order (the server lists them by window). Finished visits go to the end.
 */
export function dayOrder(stages: readonly (VisitStage | null)[]): DayOrder {
  const indexes = stages.map((_, index) => index);
  const weight = (stage: VisitStage | null) => (stage === 'ARRIVED' ? 0 : stage === 'ON_THE_WAY' ? 1 : 2);
  const open = indexes
    .filter((index) => stages[index] !== 'FINISHED')
    .sort((a, b) => weight(stages[a]) - weight(stages[b]) || a - b);
  const finished = indexes.filter((index) => stages[index] === 'FINISHED');
  return { open, finished, next: open[0] ?? -1 };
}

export interface DaySummary {
  total: number;
  finished: number;
  /** The latest end of a window of the day (ISO), null on a day without visits. */
  lastEnd: string | null;
}

/** What the head of today's page says: how many visits, how many done, until when the day runs. */
export function daySummary(
  orders: readonly { appointment: string; duration: number }[],
  stages: readonly (VisitStage | null)[],
): DaySummary {
  const ends = orders.map((order) => new Date(order.appointment).getTime() + order.duration * 1000);
  return {
    total: orders.length,
    finished: stages.filter((stage) => stage === 'FINISHED').length,
    lastEnd: ends.length > 0 ? new Date(Math.max(...ends)).toISOString() : null,
  };
}
