/**
 * Import windows (docs/rules.md, Import windows): a rule's `time_between` matches the planned time of an imported order
 * (`<HH:MM`, `HH:MM/HH:MM` half-open, `>=HH:MM`); its `time_to` is the visit window `HH:MM/HH:MM`
 * the order gets. Times are minutes since local midnight.
 */

export const MINUTES_PER_DAY = 24 * 60;

export enum ImportWindowKind {
  BEFORE = 'BEFORE',
  BETWEEN = 'BETWEEN',
  AFTER = 'AFTER',
}

/** The planned times a rule matches: `from` inclusive, `to` exclusive. */
export interface PlannedRange {
  kind: ImportWindowKind;
  from: number;
  to: number;
}

/** A visit window: `start` inclusive, `end` exclusive. */
export interface VisitWindow {
  start: number;
  end: number;
}

export interface ImportWindowRule {
  range: PlannedRange;
  window: VisitWindow;
}

const CLOCK = /^(\d{1,2}):(\d{2})$/;

/** `9:30` or `09:30` → 570; `24:00` only where `allowMidnightEnd` (the end of a window). */
export function parseClock(text: string, allowMidnightEnd = false): number | null {
  const match = CLOCK.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59) return null;
  if (hours === 24 && minutes === 0 && allowMidnightEnd) return MINUTES_PER_DAY;
  return hours <= 23 ? hours * 60 + minutes : null;
}

export function formatClock(minutes: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** `HH:MM/HH:MM` with the end after the start; null otherwise. */
export function parseVisitWindow(text: string): VisitWindow | null {
  const parts = text.split('/');
  if (parts.length !== 2) return null;
  const start = parseClock(parts[0]);
  const end = parseClock(parts[1], true);
  if (start === null || end === null || end <= start) return null;
  return { start, end };
}

export function formatVisitWindow(window: VisitWindow): string {
  return `${formatClock(window.start)}/${formatClock(window.end)}`;
}

/** `<HH:MM`, `HH:MM/HH:MM` (start before end) or `>=HH:MM`; null when malformed. */
export function parsePlannedRange(text: string): PlannedRange | null {
  const value = text.trim();
  if (value.startsWith('<')) {
    const to = parseClock(value.slice(1));
    return to === null ? null : { kind: ImportWindowKind.BEFORE, from: 0, to };
  }
  if (value.startsWith('>=')) {
    const from = parseClock(value.slice(2));
    return from === null ? null : { kind: ImportWindowKind.AFTER, from, to: MINUTES_PER_DAY };
  }
  const window = parseVisitWindow(value);
  return window && { kind: ImportWindowKind.BETWEEN, from: window.start, to: window.end };
}

/** The window of the first rule whose range holds the planned time (half-open: `10:00` is not `<10:00`). */
export function windowForPlannedTime(planned: number, rules: readonly ImportWindowRule[]): VisitWindow | null {
  return rules.find(({ range }) => planned >= range.from && planned < range.to)?.window ?? null;
}

const KIND_ORDER: Record<ImportWindowKind, number> = {
  [ImportWindowKind.BEFORE]: 0,
  [ImportWindowKind.BETWEEN]: 1,
  [ImportWindowKind.AFTER]: 2,
};

/** Before, between (by start), after: the order of the settings list. */
export function compareRanges(a: PlannedRange, b: PlannedRange): number {
  return KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.from - b.from || a.to - b.to;
}
