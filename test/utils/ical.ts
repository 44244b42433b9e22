import ICAL from 'ical.js';

export interface ParsedVisitEvent {
  uid: string;
  start: Date;
  end: Date;
  /** The zone DTSTART/DTEND are written in, as ical.js reads it ('UTC' for `...Z` times). */
  startZone: string;
  endZone: string;
  summary: string;
  description: string;
  location: string;
  /** The LANGUAGE parameter of SUMMARY. */
  language: string | null;
  eventCount: number;
}

/** Parses an .ics file with a real RFC 5545 parser (ical.js) and returns its one event. */
export function parseVisitCalendar(content: string): ParsedVisitEvent {
  const calendar = ICAL.Component.fromString(content);
  const events = calendar.getAllSubcomponents('vevent');
  const event = new ICAL.Event(events[0]);
  const summary = events[0].getFirstProperty('summary');
  return {
    uid: event.uid,
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
    startZone: event.startDate.zone?.tzid ?? 'floating',
    endZone: event.endDate.zone?.tzid ?? 'floating',
    summary: event.summary,
    description: event.description,
    location: event.location,
    language: (summary?.getParameter('language') as string | undefined) ?? null,
    eventCount: events.length,
  };
}
