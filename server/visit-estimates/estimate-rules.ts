/**
 * The one rule of the narrow expected time and of a visit's place in its technician's day (docs/rules.md, Narrow
 * time), free of the database: what the technician's visits really took is learned from his own history, and the
 * day is walked in its confirmed order from what already happened, so a visit that runs long pushes the later ones
 * and one finished early pulls them. The promised window stays the promise: the narrow time always lies inside it.
 */

/** The visits of a day a technician may have; a longer day is cut there (the statement reads no more). */
export const DAY_VISITS_MAX = 40;

/** The latest visits the learning reads per technician: recent enough to follow a change of work, bounded. */
export const HISTORY_VISITS = 60;

/** Below this many samples a learned median is noise: the default stands. */
export const MIN_SAMPLES = 5;

/** What a visit takes while too little of the technician's history is known (a repair, its paperwork). */
export const DEFAULT_WORK_SECONDS = 45 * 60;

/** The drive from one address to the next, while too little is known. */
export const DEFAULT_TRAVEL_SECONDS = 20 * 60;

/** When the day's first visit is reached after its window opens, while too little is known. */
export const DEFAULT_START_SECONDS = 15 * 60;

/** A sample longer than this is no visit or drive but a forgotten tap (the visit finished the next morning). */
export const SAMPLE_MAX_SECONDS = 4 * 3600;

/** The narrow time is an hour, on quarter hours. */
export const BAND_SECONDS = 3600;
const QUARTER_MS = 15 * 60_000;

export type EstimateStage = 'ON_THE_WAY' | 'ARRIVED' | 'FINISHED';

/** One visit of the day as the rule reads it. */
export interface DayVisit {
  orderId: number;
  windowStart: Date;
  windowSeconds: number;
  stage: EstimateStage | null;
  /** The technician's own estimate, given with "Onderweg". */
  expectedArrival: Date | null;
  arrivedAt: Date | null;
  finishedAt: Date | null;
}

/** What the technician's visits take, in seconds: learned medians, or the defaults. */
export interface LearnedDurations {
  workSeconds: number;
  travelSeconds: number;
  /** From the window's start of a day's first visit to its arrival. */
  startSeconds: number;
}

/** The samples of the technician's history the learning reads. */
export interface HistorySamples {
  work: readonly number[];
  travel: readonly number[];
  start: readonly number[];
}

/** Where the visit stands in the day for its consumer: counts only, nothing of another visit. */
export type DayMoment =
  /** Visits before this one are still to be made (`visitsBefore` of them). */
  | 'VISITS_BEFORE'
  /** The technician is at the visit just before this one, the last one before it. */
  | 'AT_VISIT_BEFORE'
  /** Every visit before this one is done: this one is next. */
  | 'NEXT'
  /** The technician is on the way here. */
  | 'ON_THE_WAY'
  /** The technician is here, or was. */
  | 'REACHED';

export interface VisitEstimate {
  orderId: number;
  /** 1 for the day's first visit. */
  position: number;
  /** The visits before this one not finished yet. */
  visitsBefore: number;
  moment: DayMoment;
  /** The expected arrival (the real one once reached); may lie past the window: then the visit runs late. */
  expectedArrival: Date;
  /** The narrow time, an hour inside the window; null once the technician is there. */
  band: { from: Date; until: Date } | null;
  /** Expected after the window's end while not reached yet. */
  late: boolean;
}

function median(values: readonly number[]): number | null {
  const usable = values.filter((value) => value > 0 && value <= SAMPLE_MAX_SECONDS).sort((a, b) => a - b);
  if (usable.length < MIN_SAMPLES) return null;
  const middle = Math.floor(usable.length / 2);
  return usable.length % 2 === 1 ? usable[middle] : (usable[middle - 1] + usable[middle]) / 2;
}

/** The medians of the technician's history, each falling back to its default while it has too few samples. */
export function learnDurations(samples: HistorySamples): LearnedDurations {
  const start = samples.start.filter((value) => Math.abs(value) <= SAMPLE_MAX_SECONDS);
  // A first arrival may come before its window opens: the start offset may be negative.
  const sortedStart = [...start].sort((a, b) => a - b);
  const startMedian =
    sortedStart.length < MIN_SAMPLES
      ? null
      : sortedStart.length % 2 === 1
        ? sortedStart[(sortedStart.length - 1) / 2]
        : (sortedStart[sortedStart.length / 2 - 1] + sortedStart[sortedStart.length / 2]) / 2;
  return {
    workSeconds: median(samples.work) ?? DEFAULT_WORK_SECONDS,
    travelSeconds: median(samples.travel) ?? DEFAULT_TRAVEL_SECONDS,
    startSeconds: startMedian ?? DEFAULT_START_SECONDS,
  };
}

const later = (a: number, b: number) => Math.max(a, b);

/** The hour around `arrival`, on quarter hours, moved inside the window (never wider than it). */
export function bandOf(arrival: Date, windowStart: Date, windowSeconds: number): { from: Date; until: Date } {
  const start = windowStart.getTime();
  const end = start + windowSeconds * 1000;
  const width = Math.min(BAND_SECONDS * 1000, end - start);
  let from = Math.round((arrival.getTime() - width / 2) / QUARTER_MS) * QUARTER_MS;
  if (from + width > end) from = end - width;
  if (from < start) from = start;
  return { from: new Date(from), until: new Date(from + width) };
}

/**
 * The estimates of every visit of one technician's day, in the day's order (`visits` sorted by window start, then
 * id), at `now`. Walks the day: a finished visit frees the technician at its finish, one under way at its arrival
 * plus the learned work (or now, when that has passed: it runs long), and the next is reached a learned drive later
 * (his own estimate while he is on the way), never before its window opens nor before now while not reached.
 */
export function estimateDay(visits: readonly DayVisit[], learned: LearnedDurations, now: Date): VisitEstimate[] {
  const nowMs = now.getTime();
  const work = learned.workSeconds * 1000;
  const travel = learned.travelSeconds * 1000;
  let freeAt: number | null = null;
  let open = 0;
  let lastOpen: DayVisit | null = null;
  const estimates: VisitEstimate[] = [];
  visits.forEach((visit, index) => {
    const windowEnd = visit.windowStart.getTime() + visit.windowSeconds * 1000;
    const reached = visit.arrivedAt ?? visit.finishedAt;
    let arrival: number;
    if (reached) {
      arrival = reached.getTime();
    } else if (visit.stage === 'ON_THE_WAY' && visit.expectedArrival) {
      arrival = later(visit.expectedArrival.getTime(), nowMs);
    } else {
      const base = freeAt === null ? visit.windowStart.getTime() + learned.startSeconds * 1000 : freeAt + travel;
      // Free early, the technician still comes when the window opens: the consumer plans by the window.
      arrival = later(later(base, visit.windowStart.getTime()), nowMs);
    }
    if (visit.stage === 'FINISHED') freeAt = (visit.finishedAt ?? new Date(arrival)).getTime();
    else freeAt = later(arrival + work, nowMs);

    const before = open;
    let moment: DayMoment;
    if (reached) moment = 'REACHED';
    else if (visit.stage === 'ON_THE_WAY') moment = 'ON_THE_WAY';
    else if (before === 0) moment = 'NEXT';
    else if (before === 1 && lastOpen?.stage === 'ARRIVED') moment = 'AT_VISIT_BEFORE';
    else moment = 'VISITS_BEFORE';
    estimates.push({
      orderId: visit.orderId,
      position: index + 1,
      visitsBefore: before,
      moment,
      expectedArrival: new Date(arrival),
      band: reached ? null : bandOf(new Date(arrival), visit.windowStart, visit.windowSeconds),
      late: !reached && arrival > windowEnd,
    });
    if (visit.stage !== 'FINISHED') {
      open += 1;
      lastOpen = visit;
    }
  });
  return estimates;
}
