import { localPartsOf } from '../../../../shared/zoned-time.js';

/** The hours a board's timeline spans at least: the day the legacy windows allow (07:00 to 21:00). */
const FIRST_HOUR = 7;
const LAST_HOUR = 21;

export interface TimelineSpan {
  /** The first whole hour shown. */
  from: number;
  /** The last whole hour shown (its line ends the timeline). */
  to: number;
}

export interface TimelineBlock<Visit> {
  visit: Visit;
  /** From the timeline's start, in percent of its width. */
  left: number;
  width: number;
  /** The row the block sits in: overlapping windows of one technician stack. */
  lane: number;
}

const hourOf = (instant: Date, zone: string) => {
  const parts = localPartsOf(instant, zone);
  return parts.hour + parts.minute / 60;
};

/** The hours of the day the board shows: 7 to 21, widened to any window that starts earlier or ends later. */
export function timelineSpan(windows: readonly { appointment: string; end: string }[], zone: string): TimelineSpan {
  let from = FIRST_HOUR;
  let to = LAST_HOUR;
  for (const window of windows) {
    const start = hourOf(new Date(window.appointment), zone);
    const end = hourOf(new Date(window.end), zone);
    from = Math.min(from, Math.floor(start));
    // A window past midnight ends at the day's end.
    to = Math.max(to, end < start ? 24 : Math.ceil(end));
  }
  return { from, to };
}

/** Each visit as a block at its window, in the first lane where it overlaps no earlier block. */
export function timelineBlocks<Visit extends { appointment: string; end: string }>(
  visits: readonly Visit[],
  span: TimelineSpan,
  zone: string,
): TimelineBlock<Visit>[] {
  const hours = span.to - span.from;
  const laneEnds: number[] = [];
  return [...visits]
    .sort((a, b) => Date.parse(a.appointment) - Date.parse(b.appointment))
    .map((visit) => {
      const start = Math.max(span.from, hourOf(new Date(visit.appointment), zone));
      const rawEnd = hourOf(new Date(visit.end), zone);
      const end = Math.min(span.to, rawEnd < start ? 24 : rawEnd);
      let lane = laneEnds.findIndex((laneEnd) => laneEnd <= start);
      if (lane === -1) lane = laneEnds.push(end) - 1;
      else laneEnds[lane] = end;
      return {
        visit,
        lane,
        left: ((start - span.from) / hours) * 100,
        width: (Math.max(end - start, 0.25) / hours) * 100,
      };
    });
}
