/**
 * Wall-clock time of a country's zone to an instant and back, for the order forms. Kept free of
 * imports so it can be unit-tested under Node; the server's zoned-time.ts follows the same rules.
 */

function partsIn(instant: number, zone: string): Record<string, number> {
  const parts: Record<string, number> = {};
  const formatter = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  for (const part of formatter.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts;
}

function offsetMs(instant: number, zone: string): number {
  const p = partsIn(instant, zone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

/** The instant at which clocks in `zone` read `date` (YYYY-MM-DD) at `hour`:00. */
export function instantIn(date: string, hour: number, zone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, day, hour);
  const guess = wall - offsetMs(wall, zone);
  return new Date(wall - offsetMs(guess, zone));
}

/** The calendar date (YYYY-MM-DD) of an instant in `zone`. */
export function localDateIn(instant: Date, zone: string): string {
  const p = partsIn(instant.getTime(), zone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}
