/** A calendar date without a time or zone, as `YYYY-MM-DD`. */
export type LocalDate = string;

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

function readWallClock(instant: Date, zone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}

const QUARTER_HOUR_MS = 15 * 60_000;
const REMEMBERED_OFFSETS = 100_000;
/**
 * The zone's offset from UTC in ms by zone and quarter hour since the epoch, when it is the same at
 * both ends of that quarter hour; NaN when the offset changes inside it. Cleared when full.
 */
const offsets = new Map<string, number>();

function offsetMsAt(epochMs: number, zone: string): number {
  const parts = readWallClock(new Date(epochMs), zone);
  const wholeSecond = Math.floor(epochMs / 1000) * 1000;
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - wholeSecond;
}

function quarterHourOffset(epochMs: number, zone: string): number {
  const quarter = Math.floor(epochMs / QUARTER_HOUR_MS);
  const key = `${zone}|${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const start = offsetMsAt(quarter * QUARTER_HOUR_MS, zone);
    offset = start === offsetMsAt((quarter + 1) * QUARTER_HOUR_MS - 1, zone) ? start : Number.NaN;
    if (offsets.size >= REMEMBERED_OFFSETS) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/**
 * The wall-clock reading of an instant in a zone. Intl's formatToParts costs microseconds and an
 * export of a million orders reads a million instants, so the zone's offset is read once per quarter
 * hour (offsets change on a quarter hour, today everywhere) and the parts computed from it; a quarter
 * hour with a change inside (some zones' history) is read from Intl instant by instant.
 */
export function localPartsOf(instant: Date, zone: string): LocalParts {
  const offset = quarterHourOffset(instant.getTime(), zone);
  if (Number.isNaN(offset)) return readWallClock(instant, zone);
  const wall = new Date(instant.getTime() + offset);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

export function formatLocalDate(parts: Pick<LocalParts, 'year' | 'month' | 'day'>): LocalDate {
  return `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}`;
}

/** 2026-11-23 as 23-11-2026, the day-month-year people read in messages. */
export const formatDayMonthYear = (date: LocalDate): string => date.split('-').reverse().join('-');

export function localDateOf(instant: Date, zone: string): LocalDate {
  return formatLocalDate(localPartsOf(instant, zone));
}

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLocalDate(value: string): boolean {
  const match = LOCAL_DATE.exec(value);
  if (!match) return false;
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.toISOString().slice(0, 10) === value;
}

function utcMidnight(date: LocalDate): Date {
  if (!isLocalDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  return new Date(`${date}T00:00:00Z`);
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const midnight = utcMidnight(date);
  midnight.setUTCDate(midnight.getUTCDate() + days);
  return midnight.toISOString().slice(0, 10);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(date: LocalDate): number {
  return utcMidnight(date).getUTCDay();
}

/** Minutes the zone is ahead of UTC at that instant (60 in CET, 120 in CEST). */
function offsetMinutesAt(instant: Date, zone: string): number {
  const p = localPartsOf(instant, zone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

const REMEMBERED_INSTANTS = 10_000;
/** Answers of instantOf by zone, date, hour and minute (epoch ms); cleared when full. */
const instants = new Map<string, number>();

/**
 * The instant at which the zone's clocks read `date hour:minute`. A wall time skipped by the
 * spring-forward change resolves to the instant one hour later; a wall time that occurs twice in
 * autumn resolves to one of its two readings. Business hours (07:00-22:00) never hit either case.
 */
export function instantOf(date: LocalDate, hour: number, minute: number, zone: string): Date {
  // Imports and schedules ask for the same few (day, time) pairs again and again; each answer costs
  // two to four Intl formatToParts calls (the largest share of an import's CPU), so remember them.
  const key = `${zone}|${date}|${hour}|${minute}`;
  let epochMs = instants.get(key);
  if (epochMs === undefined) {
    epochMs = computeInstantOf(date, hour, minute, zone);
    if (instants.size >= REMEMBERED_INSTANTS) instants.clear();
    instants.set(key, epochMs);
  }
  return new Date(epochMs);
}

function computeInstantOf(date: LocalDate, hour: number, minute: number, zone: string): number {
  const wallAsUtc = utcMidnight(date).getTime() + (hour * 60 + minute) * 60000;
  let guess = wallAsUtc - offsetMinutesAt(new Date(wallAsUtc), zone) * 60000;
  const corrected = wallAsUtc - offsetMinutesAt(new Date(guess), zone) * 60000;
  if (corrected !== guess) {
    // The two offsets differ only around a DST switch: prefer the earlier valid reading.
    const earlier = Math.min(guess, corrected);
    const later = Math.max(guess, corrected);
    const reads = (candidate: number) => {
      const p = localPartsOf(new Date(candidate), zone);
      return p.hour === hour && p.minute === minute && formatLocalDate(p) === date;
    };
    guess = reads(earlier) ? earlier : reads(later) ? later : later;
  }
  return guess;
}

/** The instants of whole local days: from the first instant of `first` up to, not including, the day after `last`. */
export interface LocalDayRange {
  start: Date;
  end: Date;
}

/**
 * The one way a local day (or the days `first` to `last`) becomes instants in a zone. A day is not always 24
 * hours (23 and 25 on the clock changes), so its end is the next day's midnight, never the start plus a day.
 */
export function localDayRange(first: LocalDate, zone: string, last: LocalDate = first): LocalDayRange {
  return { start: instantOf(first, 0, 0, zone), end: instantOf(addDays(last, 1), 0, 0, zone) };
}

/** A local day with its instants. */
export interface LocalDay extends LocalDayRange {
  date: LocalDate;
}

/** The last day asked for in each zone, as epoch ms: almost every caller asks about today, many times a second. */
const lastDays = new Map<string, { date: LocalDate; start: number; end: number }>();

/** The local day `instant` falls in, in `zone`, with its instants (`localDayRange`). */
export function localDayOf(instant: Date, zone: string): LocalDay {
  const time = instant.getTime();
  let day = lastDays.get(zone);
  if (!day || time < day.start || time >= day.end) {
    const date = localDateOf(instant, zone);
    const range = localDayRange(date, zone);
    day = { date, start: range.start.getTime(), end: range.end.getTime() };
    lastDays.set(zone, day);
  }
  return { date: day.date, start: new Date(day.start), end: new Date(day.end) };
}
