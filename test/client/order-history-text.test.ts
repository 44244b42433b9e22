import { describe, expect, it } from 'vitest';
import {
  actorText,
  fieldLabel,
  formatHistoryValue,
  type ValueContext,
} from '../../client/src/admin/orders/history-text.js';
import { makeTranslate } from '../../client/src/i18n/i18n.js';

const contextFor = (language: 'nl' | 'fr', country: 'NL' | 'BE' = 'NL'): ValueContext => ({
  t: makeTranslate({ language, country }),
  language,
  country,
  technicianName: (number) => (number === 'N1' ? 'Anna Visser (N1)' : number),
});

describe('order history texts', () => {
  it("shows instants in the order country's zone and technicians by name when known", () => {
    const nl = contextFor('nl');
    expect(formatHistoryValue('appointment', '2026-11-24T08:00:00.000Z', nl)).toBe('24-11-2026 09:00');
    expect(formatHistoryValue('appointment', '2026-07-01T06:00:00.000Z', contextFor('fr', 'BE'))).toBe(
      '01-07-2026 08:00',
    );
    expect(formatHistoryValue('technician', 'N1', nl)).toBe('Anna Visser (N1)');
    expect(formatHistoryValue('technician', 'N-GONE', nl)).toBe('N-GONE');
    expect(formatHistoryValue('technician', null, nl)).toBe('—');
  });

  it('writes flags, lengths, states and answers in the page language', () => {
    expect(formatHistoryValue('special', 'true', contextFor('nl'))).toBe('Ja');
    expect(formatHistoryValue('special', 'false', contextFor('fr'))).toBe('Non');
    expect(formatHistoryValue('duration', '10800', contextFor('nl'))).toBe('3 uur');
    expect(formatHistoryValue('deleted', 'true', contextFor('fr'))).toBe('Supprimée');
    expect(formatHistoryValue('answer', 'CALL_ME', contextFor('nl'))).toBe('Ik kan niet, bel mij');
    expect(formatHistoryValue('accessNote', 'Bel &amp; wacht &lt;3&gt; &quot;A&quot; &#39;s', contextFor('nl'))).toBe(
      `Bel & wacht <3> "A" 's`,
    );
  });

  it('labels known fields and falls back to the name of a field added later', () => {
    const { t } = contextFor('nl');
    expect(fieldLabel('appointment', t)).toBe('Begin tijdvak');
    expect(fieldLabel('technician', t)).toBe('Monteur');
    expect(fieldLabel('somethingNew', t)).toBe('somethingNew');
  });

  it('names the actor: admin, technician (or an admin acting as one), consumer, import', () => {
    const nl = makeTranslate({ language: 'nl', country: 'NL' });
    const fr = makeTranslate({ language: 'fr', country: 'BE' });
    expect(actorText({ type: 'ADMIN', name: 'Greet Jansen' }, nl)).toBe('door Greet Jansen (admin)');
    expect(actorText({ type: 'TECHNICIAN', name: 'Anna Visser' }, nl)).toBe('door monteur Anna Visser');
    expect(actorText({ type: 'TECHNICIAN', name: 'Anna Visser', actingAdmin: 'Greet Jansen' }, fr)).toBe(
      'par Greet Jansen (admin) en tant que technicien Anna Visser',
    );
    expect(actorText({ type: 'CONSUMER' }, nl)).toBe('door de klant');
    expect(actorText({ type: 'IMPORT', name: 'Greet Jansen', importFileName: 'dec.csv' }, nl)).toBe(
      'door de import van dec.csv (Greet Jansen)',
    );
  });
});
