/**
 * A minimal RFC 5545 writer for one event: enough for "add to calendar", nothing more. Times are
 * written in UTC (`...Z`), so no VTIMEZONE is needed and every calendar app places the event at the
 * same instant, whatever zone the phone is in (docs/decisions.md, Calendar file and consumer reply).
 */

export interface CalendarEvent {
  /** Globally unique and stable: downloading the file again updates the event instead of adding one. */
  uid: string;
  start: Date;
  end: Date;
  /** When the file was made. */
  stamp: Date;
  /** When the visit last changed; calendar apps use it to tell a newer copy. */
  lastModified: Date;
  summary: string;
  description: string;
  location: string;
  /** BCP 47 language of the texts (`nl`, `fr`). */
  language: string;
}

/** 20261124T070000Z */
export function icsUtc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** TEXT values (RFC 5545 section 3.3.11): backslash, semicolon, comma and line breaks escaped. */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const MAX_LINE_OCTETS = 75;

/**
 * Folds a content line at 75 octets (section 3.1): continuation lines start with a space. Never
 * splits a UTF-8 sequence, so an é or € near the edge stays intact.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A VCALENDAR with one VEVENT, CRLF line endings, ready to serve as `text/calendar`. */
export function buildCalendar(event: CalendarEvent, productId: string): string {
  const language = `;LANGUAGE=${event.language}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${icsUtc(event.stamp)}`,
    `LAST-MODIFIED:${icsUtc(event.lastModified)}`,
    `DTSTART:${icsUtc(event.start)}`,
    `DTEND:${icsUtc(event.end)}`,
    `SUMMARY${language}:${icsText(event.summary)}`,
    `DESCRIPTION${language}:${icsText(event.description)}`,
    `LOCATION${language}:${icsText(event.location)}`,
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
