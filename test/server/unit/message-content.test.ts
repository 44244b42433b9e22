import { describe, expect, it } from 'vitest';
import { Country, Language } from '../../../server/common/locale.js';
import { loadConfig } from '../../../server/config.js';
import { personalLinkUrls } from '../../../server/consumer-links/personal-link.js';
import { MessageKind } from '../../../server/messages/consumer-message.entity.js';
import { visitDayTimeText } from '../../../server/messages/visit-day-time.js';
import {
  gsm7Length,
  messageMail,
  messageSms,
  SMS_MAX_LENGTH,
  toGsm7,
  type MessageFacts,
} from '../../../server/messages/message-content.js';
import type { Order } from '../../../server/orders/order.entity.js';

/** A long public address, as an operator might choose one. */
const config = loadConfig({
  NODE_ENV: 'test',
  JWT_SECRET: 'x'.repeat(48),
  APP_URL: 'https://rendezvous.be.tijdvak-service.example.com',
});

/** The largest order id and technician id: the longest personal link token. */
const order = {
  id: 2_147_483_647,
  appointment: new Date('2026-08-26T08:00:00Z'),
  technician: { id: 2_147_483_647 },
} as Order;

function facts(
  kind: MessageKind,
  language: Language,
  windowStart: Date,
  windowSeconds: number,
  onTheWay: Pick<MessageFacts, 'expectedArrival' | 'technicianName'> = { expectedArrival: null, technicianName: null },
): MessageFacts {
  return {
    kind,
    country: language === Language.FR ? Country.BE : Country.NL,
    language,
    senderName: 'Servicedienst Tijdvak Nederland en België',
    mailFrom: '"Tijdvak" <no-reply@example.com>',
    recipient: '+32470123456',
    customerName: 'Marie-Thérèse Vandenbroucke-Dewilde',
    reference: 'REF-1234567890-ABCDEFGHIJ',
    windowStart,
    windowSeconds,
    shownFrom: windowSeconds === 0 ? new Date(windowStart.getTime() - 86_400_000) : null,
    links: personalLinkUrls(config, order),
    pixelUrl: 'https://example.com/pixel.gif',
    ...onTheWay,
  };
}

/** A long first name, and an estimate with two-digit hours. */
const LONG_ON_THE_WAY = {
  expectedArrival: new Date('2026-08-26T10:40:00Z'),
  technicianName: 'Jean-Baptiste '.repeat(4),
};

describe('the SMS of a message', () => {
  // Every month and weekday (août has a letter outside GSM-7), both languages, every kind.
  const starts = Array.from(
    { length: 12 * 7 },
    (_, index) => new Date(Date.UTC(2026, index % 12, 1 + (index % 7), 15)),
  );
  const cases = [
    [MessageKind.WINDOW, 10_800],
    [MessageKind.UPDATE, 10_800],
    [MessageKind.UPDATE, 0],
    [MessageKind.CANCELLATION, 10_800],
  ] as const;

  it('is one GSM-7 part of at most 160 characters, with the personal link, for the longest inputs', () => {
    for (const language of [Language.NL, Language.FR]) {
      for (const [kind, seconds] of cases) {
        for (const start of starts) {
          const sms = messageSms(facts(kind, language, start, seconds));
          const length = gsm7Length(sms);
          expect(length, sms).not.toBeNull();
          expect(length!, sms).toBeLessThanOrEqual(SMS_MAX_LENGTH);
          if (kind !== MessageKind.CANCELLATION) expect(sms).toContain(personalLinkUrls(config, order).page);
        }
      }
      for (const start of starts) {
        const sms = messageSms(facts(MessageKind.ON_THE_WAY, language, start, 10_800, LONG_ON_THE_WAY));
        expect(gsm7Length(sms)!, sms).toBeLessThanOrEqual(SMS_MAX_LENGTH);
        // The estimate in the order's zone (summer time), in the language's notation.
        expect(sms).toContain(language === Language.FR ? '12 h 40' : '12.40');
        expect(sms).toContain(personalLinkUrls(config, order).page);
      }
    }
  });

  it('"on the way" names the technician by first name and the expected arrival, or says it shortly', () => {
    const shortLink = { ...config, appUrl: 'https://t.example' };
    const withName = (language: Language, technicianName: string | null) => ({
      ...facts(MessageKind.ON_THE_WAY, language, new Date('2026-11-26T09:00:00Z'), 10_800, {
        expectedArrival: new Date('2026-11-26T09:40:00Z'),
        technicianName,
      }),
      senderName: 'Tijdvak',
      links: personalLinkUrls(shortLink, order),
    });
    expect(messageSms(withName(Language.NL, 'Jan'))).toBe(
      `Tijdvak: monteur Jan is onderweg naar u en is er rond 10.40 uur. Volg het bezoek: ${personalLinkUrls(shortLink, order).page}`,
    );
    expect(messageSms(withName(Language.FR, 'Luc'))).toContain(
      'votre technicien Luc est en route et arrivera vers 10 h 40',
    );
    expect(messageSms(withName(Language.NL, null))).toBe(
      `Tijdvak: de monteur is onderweg, rond 10.40 uur bij u. ${personalLinkUrls(shortLink, order).page}`,
    );
  });

  it('the morning of the visit: the time to expect and the three answers, in one GSM-7 part, no mail', () => {
    for (const language of [Language.NL, Language.FR]) {
      for (const start of starts) {
        const morning = facts(MessageKind.MORNING, language, start, 10_800);
        const sms = messageSms({
          ...morning,
          visitDayTime: visitDayTimeText({ ...morning, expected: null }),
        });
        expect(gsm7Length(sms)!, sms).toBeLessThanOrEqual(SMS_MAX_LENGTH);
        expect(sms).toMatch(
          language === Language.FR ? /1 = .*2 = appelez-moi, 3 = déplacer/ : /1 = .*2 = bel mij, 3 = verzetten/,
        );
      }
    }
    const dutch = facts(MessageKind.MORNING, Language.NL, new Date('2026-12-01T07:00:00Z'), 10_800);
    expect(visitDayTimeText({ ...dutch, expected: null })).toBe('tussen 8.00 en 11.00');
    // Once the day is confirmed, the narrow time, said as an estimate; still one part in both languages.
    const expected = { from: new Date('2026-12-01T08:15:00Z'), until: new Date('2026-12-01T09:15:00Z'), position: 3 };
    expect(visitDayTimeText({ ...dutch, expected })).toBe(
      'naar verwachting tussen 9.15 en 10.15. U bent de 3e afspraak',
    );
    const dutchSms = messageSms({ ...dutch, visitDayTime: visitDayTimeText({ ...dutch, expected }) });
    expect(dutchSms).toContain('tussen 9.15 en 10.15. U bent de 3e afspraak. Antwoord 1 = ik ben thuis');
    expect(gsm7Length(dutchSms)!, dutchSms).toBeLessThanOrEqual(SMS_MAX_LENGTH);
    const french = facts(MessageKind.MORNING, Language.FR, new Date('2026-12-01T07:00:00Z'), 10_800);
    const first = { ...expected, position: 1 };
    const frenchSms = messageSms({ ...french, visitDayTime: visitDayTimeText({ ...french, expected: first }) });
    expect(frenchSms).toContain('probablement entre 9 h 15 et 10 h 15. Vous etes la 1re visite. Répondez 1 = ');
    expect(gsm7Length(frenchSms)!, frenchSms).toBeLessThanOrEqual(SMS_MAX_LENGTH);
    expect(() => messageMail({ ...dutch, visitDayTime: 'tussen 8.00 en 11.00' })).toThrow(/SMS only/);
  });

  it('keeps the full text when it fits, and spells letters outside GSM-7 without their accent', () => {
    const august = messageSms(facts(MessageKind.WINDOW, Language.FR, new Date('2026-08-26T08:00:00Z'), 10_800));
    expect(august).toContain('aout');
    expect(toGsm7('août, tête, leçon, 25 €')).toBe('aout, tete, leÇon, 25 €');
    expect(gsm7Length('€[]')).toBe(6);
  });
});
