import { describe, expect, it } from 'vitest';
import {
  actorText,
  fieldLabel,
  formatHistoryValue,
  kindLabel,
  type HistoryTranslate,
  type ValueContext,
} from '../../client/src/admin/orders/history-text.js';
import { texts as admin } from '../../client/src/i18n/nl/admin.js';
import { texts as common } from '../../client/src/i18n/nl/common.js';
import { texts as staff } from '../../client/src/i18n/nl/staff.js';

/** The Dutch texts the admin area loads, with {name} parameters filled in as the client's translator does. */
const nl = { ...common, ...staff, ...admin };
const t: HistoryTranslate = (key, params = {}) =>
  nl[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

const context: ValueContext = {
  t,
  formatInstant: (instant) => `at ${instant.toISOString()}`,
  technicianName: (number) => (number === 'N1' ? 'Anna Visser (N1)' : number),
};

describe('order history texts', () => {
  it('formats instants with the given formatter and technicians by name when known', () => {
    expect(formatHistoryValue('appointment', '2026-11-24T08:00:00.000Z', context)).toBe('at 2026-11-24T08:00:00.000Z');
    expect(formatHistoryValue('technician', 'N1', context)).toBe('Anna Visser (N1)');
    expect(formatHistoryValue('technician', 'N-GONE', context)).toBe('N-GONE');
    expect(formatHistoryValue('technician', null, context)).toBe('—');
  });

  it("names the visit record's changes: the photo's kind, whether the customer sees it, the signing time", () => {
    expect(kindLabel('VISIT_PHOTO_ADDED', t)).toBe('Foto toegevoegd');
    expect(fieldLabel('partsUsed', t)).toBe('Gebruikte onderdelen');
    expect(formatHistoryValue('visitPhoto', 'TYPE_PLATE', context)).toBe('Typeplaatje');
    expect(formatHistoryValue('visitPhotoForConsumer', 'true', context)).toBe('Ja');
    expect(formatHistoryValue('visitSignedAt', '2026-11-24T10:00:00.000Z', context)).toBe(
      'at 2026-11-24T10:00:00.000Z',
    );
  });

  it('writes flags, lengths, states, countries and answers as words', () => {
    expect(formatHistoryValue('special', 'true', context)).toBe('Ja');
    expect(formatHistoryValue('special', 'false', context)).toBe('Nee');
    expect(formatHistoryValue('duration', '10800', context)).toBe('3 uur');
    expect(formatHistoryValue('deleted', 'true', context)).toBe('Verwijderd');
    expect(formatHistoryValue('country', 'BE', context)).toBe('België');
    expect(formatHistoryValue('answer', 'CALL_ME', context)).toBe('Ik kan niet, bel mij');
    expect(formatHistoryValue('city', 'Utrecht', context)).toBe('Utrecht');
  });

  it("names the technician's visit steps, stages and outcomes, and a stage stepped back to planned", () => {
    expect(kindLabel('VISIT_ON_THE_WAY', t)).toBe('Monteur onderweg');
    expect(kindLabel('VISIT_STEP_BACK', t)).toBe('Status van het bezoek teruggezet');
    expect(fieldLabel('visitOutcome', t)).toBe('Resultaat van het bezoek');
    expect(formatHistoryValue('visitStage', 'ARRIVED', context)).toBe('Aangekomen');
    expect(formatHistoryValue('visitStage', null, context)).toBe('Gepland');
    expect(formatHistoryValue('visitOutcome', 'FOLLOW_UP_PARTS', context)).toBe('Vervolgbezoek nodig — onderdelen');
    expect(formatHistoryValue('expectedArrival', '2026-11-24T09:30:00.000Z', context)).toBe(
      'at 2026-11-24T09:30:00.000Z',
    );
    expect(formatHistoryValue('visitOutcome', null, context)).toBe('—');
  });

  it("names the call list's call, its status and its note", () => {
    expect(kindLabel('CALL_STATUS_SET', t)).toBe('Belstatus vastgelegd');
    expect(fieldLabel('callStatus', t)).toBe('Belstatus');
    expect(fieldLabel('callNote', t)).toBe('Notitie bij het gesprek');
    expect(formatHistoryValue('callStatus', 'VOICEMAIL', context)).toBe('Voicemail');
    expect(formatHistoryValue('callStatus', 'WRONG_NUMBER', context)).toBe('Verkeerd nummer');
    expect(formatHistoryValue('callStatus', null, context)).toBe('Nog niet gebeld');
    expect(formatHistoryValue('callNote', null, context)).toBe('—');
    expect(formatHistoryValue('callNote', 'Belt <na> 18:00 terug', context)).toBe('Belt <na> 18:00 terug');
  });

  it('shows an access note as typed, not escaped', () => {
    expect(formatHistoryValue('accessNote', 'Bel &amp; wacht &lt;3&gt; &quot;A&quot; &#39;s', context)).toBe(
      `Bel & wacht <3> "A" 's`,
    );
  });

  it('labels kinds and known fields, and falls back to the name of a field added later', () => {
    expect(kindLabel('START_CONFIRMED', t)).toBe('Begintijd bevestigd');
    expect(fieldLabel('appointment', t)).toBe('Begin tijdvak');
    expect(fieldLabel('technician', t)).toBe('Monteur');
    expect(fieldLabel('somethingNew', t)).toBe('somethingNew');
  });

  it('names the actor: admin, technician (or an admin acting as one), consumer, import', () => {
    expect(actorText({ type: 'ADMIN', name: 'Greet Jansen' }, t)).toBe('door Greet Jansen (admin)');
    expect(actorText({ type: 'TECHNICIAN', name: 'Anna Visser' }, t)).toBe('door monteur Anna Visser');
    expect(actorText({ type: 'TECHNICIAN', name: 'Anna Visser', actingAdmin: 'Greet Jansen' }, t)).toBe(
      'door Greet Jansen (admin) als monteur Anna Visser',
    );
    expect(actorText({ type: 'CONSUMER' }, t)).toBe('door de klant');
    expect(actorText({ type: 'IMPORT', name: null, importFileName: 'dec.csv' }, t)).toBe(
      'door de import van dec.csv (onbekend)',
    );
  });
});
