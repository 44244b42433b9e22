import { describe, expect, it } from 'vitest';
import { buildCalendar, foldLine, icsText, icsUtc } from '../../../server/consumers/icalendar.js';
import { parseVisitCalendar } from '../../utils/ical.js';

const EVENT = {
  uid: 'tijdvak-order-7@example.test',
  start: new Date('2026-11-24T07:00:00Z'),
  end: new Date('2026-11-24T10:00:00Z'),
  stamp: new Date('2026-11-23T13:45:12.345Z'),
  lastModified: new Date('2026-11-20T09:00:00Z'),
  summary: 'Bezoek; monteur, tussen 08:00 en 11:00 uur',
  description: `Regel één\nRegel twee met een backslash \\ en een heel lange zin ${'é'.repeat(80)} die gevouwen moet worden.`,
  location: '1234 AB 12, Utrecht',
  language: 'nl',
};

describe('iCalendar writer', () => {
  it('writes UTC instants in basic format', () => {
    expect(icsUtc(new Date('2026-03-29T01:30:05.999Z'))).toBe('20260329T013005Z');
  });

  it('escapes backslash, semicolon, comma and line breaks in text', () => {
    expect(icsText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds at 75 octets without splitting a UTF-8 character', () => {
    const folded = foldLine(`DESCRIPTION:${'€'.repeat(60)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(lines.map((line, index) => (index === 0 ? line : line.slice(1))).join('')).toBe(
      `DESCRIPTION:${'€'.repeat(60)}`,
    );
  });

  it('round-trips through ical.js: one event, exact instants in UTC, texts unchanged', () => {
    const content = buildCalendar(EVENT, '-//tijdvak//visit window//NL');
    expect(content.endsWith('\r\n')).toBe(true);
    expect(content.split('\r\n').every((line) => Buffer.byteLength(line, 'utf8') <= 75)).toBe(true);
    const parsed = parseVisitCalendar(content);
    expect(parsed).toMatchObject({
      eventCount: 1,
      uid: EVENT.uid,
      startZone: 'UTC',
      endZone: 'UTC',
      summary: EVENT.summary,
      description: EVENT.description,
      location: EVENT.location,
      language: 'nl',
    });
    expect(parsed.start.toISOString()).toBe('2026-11-24T07:00:00.000Z');
    expect(parsed.end.toISOString()).toBe('2026-11-24T10:00:00.000Z');
  });
});
