import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import type { Order } from '../../../server/orders/order.entity.js';
import { createAdmin, createOrder, tokensFor } from '../../utils/factories.js';
import { parseVisitCalendar } from '../../utils/ical.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const CALENDAR = /* GraphQL */ `
  query ($referenceNumber: String!) {
    visitCalendar(referenceNumber: $referenceNumber) {
      fileName
      mediaType
      content
    }
  }
`;

const CONTACT = /* GraphQL */ `
  query ($country: Country) {
    consumerContact(country: $country) {
      country
      callCentre {
        display
        dial
      }
      callCentreOpensAt
      callCentreClosesAt
      externalCompany {
        name
        phone {
          display
        }
      }
    }
  }
`;

interface CalendarData {
  visitCalendar: { fileName: string; mediaType: string; content: string };
}

describe('visit calendar file (.ics)', () => {
  let server: TestServer;
  let dutch: Order;
  let belgian: Order;
  let later: Order;
  let deleted: Order;
  let external: Order;
  let summer: Order;

  beforeAll(async () => {
    // Monday 23 November 2026, 14:00: Tuesday's windows are shown, Thursday's are not yet.
    server = await startTestServer({ env: { CLOCK_NOW: '2026-11-23T14:00:00+01:00' } });
    const em = server.em();
    dutch = await createOrder(em, {
      referenceNumber: 'NL-CAL/1',
      zipcode: '1234AB',
      houseNumber: '12',
      city: 'Utrecht',
      appointment: new Date('2026-11-24T08:00:00+01:00'),
    });
    belgian = await createOrder(em, {
      referenceNumber: 'BE-CAL-1',
      country: Country.BE,
      zipcode: '1000',
      street: 'Rue Haute',
      houseNumber: '12',
      houseNumberAddition: 'bis',
      city: 'Bruxelles',
      phone: '0470 12 34 56',
      appointment: new Date('2026-11-24T13:00:00+01:00'),
    });
    later = await createOrder(em, { appointment: new Date('2026-11-26T09:00:00+01:00') });
    deleted = await createOrder(em, { appointment: new Date('2026-11-24T11:00:00+01:00'), deletedAt: new Date() });
    external = await createOrder(em, { appointment: new Date('2026-11-24T11:00:00+01:00'), externalCompany: 1 });
    summer = await createOrder(em, { appointment: new Date('2027-07-13T08:00:00+02:00') });
  });
  afterAll(() => server.stop());

  const calendar = (orders: Order[], referenceNumber: string, language = 'nl') =>
    server.graphql<CalendarData>(
      CALENDAR,
      { referenceNumber },
      { token: tokensFor(server).consumer(orders), headers: { 'accept-language': language } },
    );

  it('is exactly the visit window in UTC, in Dutch, with the call-centre number (NL)', async () => {
    const { body } = await calendar([dutch], 'NL-CAL/1');
    expect(body.errors).toBeUndefined();
    const file = body.data!.visitCalendar;
    expect(file.fileName).toBe('afspraak-NL-CAL-1.ics');
    expect(file.mediaType).toBe('text/calendar; charset=utf-8');
    expect(file.content).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(file.content).toContain('\r\nDTSTART:20261124T070000Z\r\n');
    const event = parseVisitCalendar(file.content);
    expect(event).toMatchObject({
      eventCount: 1,
      startZone: 'UTC',
      endZone: 'UTC',
      language: 'nl',
      summary: 'Bezoek monteur tussen 8.00 en 11.00 uur',
      location: '1234 AB 12, Utrecht',
    });
    expect(event.start.toISOString()).toBe('2026-11-24T07:00:00.000Z');
    expect(event.end.toISOString()).toBe('2026-11-24T10:00:00.000Z');
    expect(event.description).toContain('dinsdag 24 november 2026 tussen 8.00 en 11.00 uur');
    expect(event.description).toContain('van 8.00 tot 18.00 uur op 088 123 45 67');
    expect(event.description).toContain('Referentie: NL-CAL/1');
    expect(event.uid).toBe(`tijdvak-order-${dutch.id}@localhost`);
  });

  it('is in French on the French site, with the Belgian number (BE)', async () => {
    const { body } = await calendar([belgian], 'BE-CAL-1', 'fr');
    const file = body.data!.visitCalendar;
    expect(file.fileName).toBe('rendez-vous-BE-CAL-1.ics');
    const event = parseVisitCalendar(file.content);
    expect(event.language).toBe('fr');
    // An order with a street is located as the address is written on the door.
    expect(event.location).toBe('Rue Haute 12 bis, 1000 Bruxelles');
    expect(event.summary).toBe('Visite du technicien entre 13\u00a0h et 16\u00a0h');
    expect(event.description).toContain('mardi 24 novembre 2026 entre 13\u00a0h et 16\u00a0h');
    expect(event.description).toContain('de 8\u00a0h à 18\u00a0h au 078 12 34 56');
    expect(event.start.toISOString()).toBe('2026-11-24T12:00:00.000Z');
    expect(event.end.toISOString()).toBe('2026-11-24T15:00:00.000Z');
  });

  it('keeps the local window in summer time (08:00 CEST is 06:00 UTC)', async () => {
    server.services.clock.travelTo(new Date('2027-07-12T18:00:00+02:00'));
    try {
      const { body } = await calendar([summer], summer.referenceNumber);
      const event = parseVisitCalendar(body.data!.visitCalendar.content);
      expect(event.start.toISOString()).toBe('2027-07-13T06:00:00.000Z');
      expect(event.end.toISOString()).toBe('2027-07-13T09:00:00.000Z');
      expect(event.summary).toBe('Bezoek monteur tussen 8.00 en 11.00 uur');
    } finally {
      server.services.clock.travelTo(new Date('2026-11-23T14:00:00+01:00'));
    }
  });

  it("is only for the data token's own visits: another order, a deleted one or an unknown reference are not found", async () => {
    for (const [orders, reference] of [
      [[dutch], 'BE-CAL-1'],
      [[dutch, deleted], deleted.referenceNumber],
      [[dutch], 'NO-SUCH-REF'],
      [[], 'NL-CAL/1'],
    ] as const) {
      const { body } = await calendar([...orders], reference);
      expect({ reference, code: body.errors?.[0].extensions?.code }).toEqual({ reference, code: 'VISIT_NOT_FOUND' });
      expect(body.data).toBeNull();
    }
  });

  it('needs the data token: none is UNAUTHENTICATED, an admin token is FORBIDDEN', async () => {
    const anonymous = await server.graphql(CALENDAR, { referenceNumber: 'NL-CAL/1' });
    expect(anonymous.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const admin = await createAdmin(server.em());
    const asAdmin = await server.graphql(
      CALENDAR,
      { referenceNumber: 'NL-CAL/1' },
      { token: tokensFor(server).admin(admin) },
    );
    expect(asAdmin.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('is refused before the window is shown, and for a visit an external company makes', async () => {
    const early = await calendar([later], later.referenceNumber);
    expect(early.body.errors?.[0]).toMatchObject({
      extensions: { code: 'VISIT_WINDOW_NOT_AVAILABLE' },
      message: expect.stringContaining('13.30 uur'),
    });
    const partner = await calendar([external], external.referenceNumber, 'fr');
    expect(partner.body.errors?.[0]).toMatchObject({
      extensions: { code: 'VISIT_EXTERNAL' },
      message: 'Cette visite est effectuée par ServicePartner B, qui conviendra du moment avec vous.',
    });
  });
});

describe('consumer contact details (served by the server, one place)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it("gives the call centre of the country asked for, or the site's", async () => {
    const token = server.services.tokens.signConsumer([1], { state: false, company: 0 });
    const belgian = await server.graphql(CONTACT, { country: 'BE' }, { token });
    expect(belgian.body.data).toEqual({
      consumerContact: {
        country: 'BE',
        callCentre: { display: '078 12 34 56', dial: '+3278123456' },
        callCentreOpensAt: '08:00',
        callCentreClosesAt: '18:00',
        externalCompany: null,
      },
    });
    const site = await server.graphql<{ consumerContact: { country: string; callCentre: { display: string } } }>(
      CONTACT,
      {},
      { token },
    );
    expect(site.body.data?.consumerContact).toMatchObject({ country: 'NL', callCentre: { display: '088 123 45 67' } });
  });

  it('names the external company of the data token with its number in the country', async () => {
    const token = server.services.tokens.signConsumer([1], { state: true, company: 1 });
    const { body } = await server.graphql<{ consumerContact: { externalCompany: unknown } }>(
      CONTACT,
      { country: 'NL' },
      { token },
    );
    expect(body.data?.consumerContact.externalCompany).toEqual({
      name: 'ServicePartner B',
      phone: { display: '088 246 80 24' },
    });
  });

  it('is for data tokens only', async () => {
    const { body } = await server.graphql(CONTACT, {});
    expect(body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});
