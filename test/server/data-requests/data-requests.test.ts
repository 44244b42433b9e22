import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import type { Order } from '../../../server/orders/order.entity.js';
import type { Technician } from '../../../server/technicians/technician.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { writeVisitStatus } from '../../utils/visit-day.js';
import {
  arrangePerson,
  arrangeVisitRecord,
  columnsHolding,
  personNamed,
  tracesOf,
  type Person,
} from './person-fixture.js';

const FIND = /* GraphQL */ `
  query ($search: String!) {
    personalData(input: { search: $search }) {
      orders {
        id
        referenceNumber
        name
        email
        phone
        address
        deleted
        planned
      }
      parts {
        name
        rows
      }
    }
  }
`;
const EXPORT = /* GraphQL */ `
  mutation ($search: String!, $format: PersonalDataFormat!) {
    exportPersonalData(input: { search: $search, format: $format }) {
      fileName
      contentType
      content
      request {
        kind
        status
        orderCount
        rowCount
      }
    }
  }
`;
const ERASE = /* GraphQL */ `
  mutation ($search: String!) {
    erasePersonalData(input: { search: $search }) {
      request {
        id
        kind
        status
        requestedByName
        confirmedByName
        orderCount
        rowCount
      }
    }
  }
`;
const CONFIRM = /* GraphQL */ `
  mutation ($id: Int!) {
    confirmDataErasure(id: $id) {
      request {
        id
        status
        confirmedByName
        orderCount
        rowCount
      }
    }
  }
`;
const SETTING = /* GraphQL */ `
  mutation ($input: DataRequestSettingInput!) {
    updateDataRequestSetting(input: $input) {
      country
      retentionMonths
      eraseNeedsTwoAdmins
    }
  }
`;
const AUDIT = /* GraphQL */ `
  query {
    dataRequests(first: 10) {
      kind
      status
      requestedByName
      confirmedByName
      orderCount
      rowCount
    }
  }
`;
const FIGURES = /* GraphQL */ `
  query {
    officeFigures(from: "2026-11-01", to: "2026-11-30", groupBy: DAY, country: NL) {
      rows {
        date
        visits
        reached
        onTime
        firstVisits
        firstTimeFixes
        finished
        notHome
        ratings
        averageRating
      }
      total {
        visits
        reached
        onTime
        firstVisits
        firstTimeFixes
        finished
        notHome
        ratings
        averageRating
      }
    }
  }
`;
const RESTORE = /* GraphQL */ `
  mutation ($id: Int!) {
    restoreOrder(id: $id) {
      id
    }
  }
`;
const DELETE = /* GraphQL */ `
  mutation ($id: Int!) {
    deleteOrder(id: $id) {
      id
    }
  }
`;

interface Findings {
  personalData: {
    orders: { id: number; name: string; email: string; phone: string; address: string; planned: boolean }[];
    parts: { name: string; rows: number }[];
  };
}
interface Exported {
  exportPersonalData: {
    fileName: string;
    contentType: string;
    content: string;
    request: { kind: string; status: string; orderCount: number; rowCount: number };
  };
}
interface ErasureRequest {
  id: number;
  kind: string;
  status: string;
  requestedByName: string | null;
  confirmedByName: string | null;
  orderCount: number;
  rowCount: number;
}

/** Monday 23 November 2026, noon in Amsterdam. */
const NOW = new Date('2026-11-23T11:00:00Z');

describe("a person's data on request", () => {
  let server: TestServer;
  let first: string;
  let second: string;
  let anna: Technician;

  const as = (token: string, language = 'nl') => ({ token, headers: { 'accept-language': language } });
  const figures = async () =>
    (await server.graphql<{ officeFigures: unknown }>(FIGURES, {}, as(first))).body.data?.officeFigures;

  beforeAll(async () => {
    server = await startTestServer({ env: { CLOCK_NOW: NOW.toISOString() } });
    const em = server.em();
    first = tokensFor(server).admin(await createAdmin(em, { firstname: 'Eerste', lastname: 'Beheerder' }));
    second = tokensFor(server).admin(await createAdmin(em, { firstname: 'Tweede', lastname: 'Beheerder' }));
    anna = await createTechnician(em, { firstname: 'Anna', lastname: 'Aalders', country: Country.NL });
    // Someone else that month, whose figures must stay as they are too.
    const other = await createOrder(em, {
      technician: anna,
      appointment: new Date('2026-11-03T08:00:00+01:00'),
      zipcode: '1111 AA',
      houseNumber: '1',
      phone: '06 87654321',
    });
    await writeVisitStatus(em, other, {
      stage: 'FINISHED',
      arrivedAt: new Date('2026-11-03T08:30:00+01:00'),
      finishedAt: new Date('2026-11-03T09:00:00+01:00'),
      outcome: 'REPAIRED',
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  describe('finding and exporting', () => {
    let person: Person;
    let orders: Order[];
    let visitFiles: string[];

    beforeAll(async () => {
      person = personNamed('Zwanenburg');
      orders = await arrangePerson(server, person, anna, [
        new Date('2026-11-02T08:00:00+01:00'),
        new Date('2026-11-04T11:00:00+01:00'),
      ]);
      visitFiles = await arrangeVisitRecord(server, person, orders[0]);
    });

    it.each(['06-12 34 56 78', '+31612345678', '0031 6 12 34 56 78', '0612345678'])(
      'finds both orders by the phone number written as %s, whichever way each order stores it',
      async (search) => {
        const { body } = await server.graphql<Findings>(FIND, { search }, as(first));
        expect(body.errors).toBeUndefined();
        expect(body.data?.personalData.orders.map((order) => order.id).sort()).toEqual(
          orders.map((order) => order.id).sort(),
        );
        expect(body.data?.personalData.orders.map((order) => order.phone).sort()).toEqual([...person.phones].sort());
      },
    );

    it('finds them by the e-mail address in any case, and counts what every part holds', async () => {
      const { body } = await server.graphql<Findings>(FIND, { search: `  ${person.email.toUpperCase()} ` }, as(first));
      expect(body.data?.personalData.orders).toHaveLength(2);
      expect(body.data?.personalData.orders[0]).toMatchObject({
        name: person.name,
        address: `${person.street} 77 b, 9999ZZ ${person.city}`,
        planned: false,
      });
      expect(Object.fromEntries(body.data?.personalData.parts.map((part) => [part.name, part.rows]) ?? [])).toEqual({
        consumerReplies: 2,
        visitRatings: 2,
        visitStatuses: 2,
        visitRecords: 1,
        orderCalls: 2,
        consumerMessages: 4,
        unsubscribes: 0,
        inboundSms: 2,
        siteVisits: 2,
        mailOpens: 2,
        orderHistory: 2,
      });
    });

    it('refuses what is neither an address nor a number, and says so in the reader’s language', async () => {
      const { body } = await server.graphql(FIND, { search: '12' }, as(first, 'fr'));
      expect(body.errors?.[0].extensions?.code).toBe('DATA_SEARCH_INVALID');
      expect(body.errors?.[0].message).toBe(
        'Cherchez une adresse e-mail ou un numéro de téléphone d’au moins 6 chiffres.',
      );
      const unknown = await server.graphql(FIND, { search: 'niemand@voorbeeld.test' }, as(first));
      expect(unknown.body.errors?.[0].extensions?.code).toBe('DATA_SUBJECT_NOT_FOUND');
    });

    it('is for admins only', async () => {
      const { body } = await server.graphql(
        FIND,
        { search: person.email },
        { token: tokensFor(server).technician(anna) },
      );
      expect(body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    });

    it('downloads one JSON file with the orders and every part, and records the export without the data', async () => {
      const { body } = await server.graphql<Exported>(EXPORT, { search: person.phones[1], format: 'JSON' }, as(first));
      expect(body.errors).toBeUndefined();
      const exported = body.data?.exportPersonalData;
      expect(exported?.fileName).toBe('gegevens-2026-11-23.json');
      expect(exported?.contentType).toBe('application/json; charset=utf-8');
      const file = JSON.parse(exported?.content ?? '{}') as Record<string, Record<string, unknown>[]>;
      expect(file.orders.map((order) => order.name)).toEqual([person.name, person.name]);
      expect(file.orders.map((order) => order.email)).toEqual([person.email, person.email]);
      expect(file.consumerReplies.map((reply) => reply.accessNote)).toEqual([person.notes[0], person.notes[0]]);
      expect(file.visitRatings.map((rating) => rating.comment)).toEqual([person.notes[1], person.notes[1]]);
      expect(file.orderCalls.map((call) => call.note)).toEqual([person.notes[2], person.notes[2]]);
      expect(file.visitStatuses.map((status) => status.note)).toEqual([person.notes[3], person.notes[3]]);
      expect(file.consumerMessages.map((message) => message.recipient)).toContain('+31612345678');
      expect(file.siteVisits[0].userAgent).toContain(person.street);
      expect(JSON.stringify(file.orderHistory)).toContain(person.street);
      // The visit record as text, its files counted and never included.
      expect(file.visitRecords).toEqual([
        {
          orderId: orders[0].id,
          applianceBrand: 'Miele',
          applianceModel: 'W1',
          applianceSerialNumber: null,
          partsUsed: ['1 × Pomp (A-1)'],
          partsNeeded: [],
          officeNote: `${person.name} belt op ${person.phones[0]}`,
          consumerNote: `Beste ${person.name}, de pomp is vervangen.`,
          photos: 1,
          signed: true,
          signedAt: '2026-11-02T07:50:00.000Z',
        },
      ]);
      expect(exported?.request).toEqual({ kind: 'EXPORT', status: 'DONE', orderCount: 2, rowCount: 2 + 21 });
    });

    it('downloads a readable page in Dutch and in French, its texts escaped', async () => {
      const dutch = await server.graphql<Exported>(EXPORT, { search: person.email, format: 'HTML' }, as(first));
      const page = dutch.body.data?.exportPersonalData;
      expect(page?.contentType).toBe('text/html; charset=utf-8');
      expect(page?.content).toContain('<html lang="nl">');
      expect(page?.content).toContain('<h2>Antwoorden en notities van de klant</h2>');
      expect(page?.content).toContain('Opgemaakt op 23-11-2026 om 12.00.');
      expect(page?.content).toContain(`<td>${person.notes[0]}</td>`);
      expect(page?.content).toContain('<td>02-11-2026 8.00</td>');
      expect(page?.content).toContain('<h2>Bezoekverslagen van de monteur</h2>');
      expect(page?.content).toContain(`<td>Beste ${person.name}, de pomp is vervangen.</td>`);
      const french = await server.graphql<Exported>(EXPORT, { search: person.email, format: 'HTML' }, as(first, 'fr'));
      const pageFr = french.body.data?.exportPersonalData.content;
      expect(pageFr).toContain('<html lang="fr">');
      expect(pageFr).toContain('<h2>Réponses et notes du client</h2>');
      expect(pageFr).toContain('<h2>Rapports de visite du technicien</h2>');
      expect(pageFr).toContain('Établi le 23-11-2026 à 12\u00a0h.');
      expect(pageFr).toContain('<td>02-11-2026 8\u00a0h</td>');
      // The search is shown as typed, escaped like every text.
      const escaped = await server.graphql<Exported>(EXPORT, { search: '<b>0612345678', format: 'HTML' }, as(first));
      expect(escaped.body.data?.exportPersonalData.content).toContain('&#60;b&#62;0612345678');
    });

    it('erases the person from every table, the office figures of the month unchanged', async () => {
      const traces = tracesOf(person);
      const before = await columnsHolding(server, traces);
      // The search can fail: before the erase it finds the person in every kind of place.
      expect(before).toEqual(
        expect.arrayContaining([
          'public.orders.name',
          'public.orders.email',
          'public.orders.phone',
          'public.orders.phone_normalized',
          'public.orders.street',
          'public.orders.search_text',
          'public.consumer_replies.access_note',
          'public.visit_ratings.comment',
          'public.visit_statuses.note',
          'public.order_calls.note',
          'public.consumer_messages.recipient',
          'public.consumer_messages.last_error',
          'public.site_visits.user_agent',
          'public.order_events.before',
          'public.order_events.after',
          'public.visit_records.office_note',
          'public.visit_records.consumer_note',
        ]),
      );
      for (const key of visitFiles) expect(await server.services.files.get(key)).not.toBeNull();
      const figuresBefore = await figures();
      // The second visit is the follow-up of the first (same door, left unrepaired): no first visit, as the erase keeps.
      expect(figuresBefore).toMatchObject({ total: { visits: 3, firstVisits: 2, firstTimeFixes: 1, ratings: 2 } });

      const { body } = await server.graphql<{ erasePersonalData: { request: ErasureRequest } }>(
        ERASE,
        { search: person.phones[1] },
        as(first),
      );
      expect(body.errors).toBeUndefined();
      expect(body.data?.erasePersonalData.request).toMatchObject({
        kind: 'ERASE',
        status: 'DONE',
        requestedByName: 'Eerste Beheerder',
        orderCount: 2,
      });
      expect(await columnsHolding(server, traces)).toEqual([]);
      expect(await figures()).toEqual(figuresBefore);
      // The signature and the photo went, rows and stored files; the appliance and the parts stayed.
      for (const key of visitFiles) expect(await server.services.files.get(key)).toBeNull();
      const connection = server.em().getConnection();
      expect(
        await connection.execute(
          `select appliance_brand, parts_used, office_note, consumer_note, signature_key, signature_client_id
             from visit_records where order_id = ?`,
          [orders[0].id],
        ),
      ).toEqual([
        {
          appliance_brand: 'Miele',
          parts_used: [{ name: 'Pomp', articleNumber: 'A-1', quantity: 1 }],
          office_note: null,
          consumer_note: null,
          signature_key: null,
          signature_client_id: null,
        },
      ]);
      expect(await connection.execute(`select id from visit_photos where order_id = ?`, [orders[0].id])).toEqual([]);
      // What the office counts stayed: the orders, their outcomes, scores and answers.
      const kept = await server
        .em()
        .getConnection()
        .execute<{ outcome: string; score: number; answer: string | null; anonymised: boolean }[]>(
          `select s.outcome, r.score, c.answer, o.anonymised_at is not null as anonymised
             from orders o join visit_statuses s on s.order_id = o.id join visit_ratings r on r.order_id = o.id
             left join consumer_replies c on c.order_id = o.id
            where o.id = any(?::int[]) order by o.appointment`,
          [`{${orders.map((order) => order.id).join(',')}}`],
        );
      expect(kept).toEqual([
        { outcome: 'FOLLOW_UP_PARTS', score: 4, answer: 'AT_HOME', anonymised: true },
        { outcome: 'REPAIRED', score: 5, answer: null, anonymised: true },
      ]);
      // Nothing holds the person any more: a second search finds nobody.
      const again = await server.graphql(FIND, { search: person.email }, as(first));
      expect(again.body.errors?.[0].extensions?.code).toBe('DATA_SUBJECT_NOT_FOUND');
    });
  });

  describe('visits still to come', () => {
    it('refuse the erase until the office cancelled them; then the cancelled order is erased too', async () => {
      const person = personNamed('Pauwelsma');
      const past = await arrangePerson(server, person, anna, [
        new Date('2026-11-09T08:00:00+01:00'),
        new Date('2026-11-10T08:00:00+01:00'),
      ]);
      const coming = await createOrder(server.em(), {
        name: person.name,
        email: person.email,
        phone: person.phones[0],
        technician: anna,
        appointment: new Date('2026-11-30T08:00:00+01:00'),
      });
      // Today's visit is still to come too, until its window ends.
      const today = await createOrder(server.em(), {
        name: person.name,
        email: person.email,
        phone: person.phones[0],
        technician: anna,
        appointment: new Date('2026-11-23T11:00:00+01:00'),
      });
      const found = await server.graphql<Findings>(FIND, { search: person.email }, as(first));
      expect(found.body.data?.personalData.orders.slice(0, 2).map((order) => [order.id, order.planned])).toEqual([
        [coming.id, true],
        [today.id, true],
      ]);

      const refused = await server.graphql(ERASE, { search: person.email }, as(first));
      expect(refused.body.errors?.[0].extensions?.code).toBe('ERASE_PLANNED_VISITS');
      expect(refused.body.errors?.[0].message).toBe(
        'Deze persoon heeft nog 2 geplande bezoeken. Verwijder (annuleer) die opdrachten eerst; daarna kunt u de gegevens wissen.',
      );
      const names = await server
        .em()
        .getConnection()
        .execute<{ name: string }[]>(`select name from orders where email = ? order by id`, [person.email]);
      expect(names.map((row) => row.name)).toEqual([person.name, person.name, person.name, person.name]);

      for (const order of [coming, today]) {
        expect((await server.graphql(DELETE, { id: order.id }, as(first))).body.errors).toBeUndefined();
      }
      const { body } = await server.graphql<{ erasePersonalData: { request: ErasureRequest } }>(
        ERASE,
        { search: person.email },
        as(first),
      );
      expect(body.data?.erasePersonalData.request).toMatchObject({ status: 'DONE', orderCount: 4 });
      expect(await columnsHolding(server, tracesOf(person))).toEqual([]);
      // The cancelled visit is not planned again for nobody.
      const restore = await server.graphql(RESTORE, { id: coming.id }, as(first));
      expect(restore.body.errors?.[0].extensions?.code).toBe('ORDER_NOT_RESTORABLE');
      expect(restore.body.errors?.[0].message).toBe(
        'De gegevens van de klant zijn van deze opdracht gewist; maak een nieuwe opdracht aan.',
      );
      expect(past).toHaveLength(2);
    });
  });

  describe('an erase two admins confirm', () => {
    let person: Person;
    let visitFiles: string[];

    beforeAll(async () => {
      person = personNamed('Tweewaard');
      const [visit] = await arrangePerson(server, person, anna, [
        new Date('2026-11-16T08:00:00+01:00'),
        new Date('2026-11-17T08:00:00+01:00'),
      ]);
      visitFiles = await arrangeVisitRecord(server, person, visit);
      const { body } = await server.graphql(
        SETTING,
        { input: { country: 'NL', retentionMonths: 24, eraseNeedsTwoAdmins: true } },
        as(first),
      );
      expect(body.errors).toBeUndefined();
    });
    afterAll(async () => {
      await server.graphql(
        SETTING,
        { input: { country: 'NL', retentionMonths: 24, eraseNeedsTwoAdmins: false } },
        as(first),
      );
    });

    it('waits for a second admin, and only another admin confirms it', async () => {
      const asked = await server.graphql<{ erasePersonalData: { request: ErasureRequest } }>(
        ERASE,
        { search: person.email },
        as(first),
      );
      const request = asked.body.data?.erasePersonalData.request;
      expect(request).toMatchObject({ status: 'PENDING', orderCount: 2, rowCount: 0, confirmedByName: null });
      // Nothing is erased while it waits.
      expect(await columnsHolding(server, tracesOf(person))).toContain('public.orders.name');
      for (const key of visitFiles) expect(await server.services.files.get(key)).not.toBeNull();

      const same = await server.graphql(CONFIRM, { id: request?.id }, as(first, 'fr'));
      expect(same.body.errors?.[0].extensions?.code).toBe('ERASE_SAME_ADMIN');
      expect(same.body.errors?.[0].message).toBe(
        'Un second administrateur doit confirmer l’effacement, pas celui qui l’a demandé.',
      );

      const confirmed = await server.graphql<{ confirmDataErasure: { request: ErasureRequest } }>(
        CONFIRM,
        { id: request?.id },
        as(second),
      );
      expect(confirmed.body.errors).toBeUndefined();
      expect(confirmed.body.data?.confirmDataErasure.request).toMatchObject({
        id: request?.id,
        status: 'DONE',
        confirmedByName: 'Tweede Beheerder',
        orderCount: 2,
      });
      expect(confirmed.body.data?.confirmDataErasure.request.rowCount).toBeGreaterThan(2);
      expect(await columnsHolding(server, tracesOf(person))).toEqual([]);
      for (const key of visitFiles) expect(await server.services.files.get(key)).toBeNull();

      const twice = await server.graphql(CONFIRM, { id: request?.id }, as(second));
      expect(twice.body.errors?.[0].extensions?.code).toBe('ERASE_NOT_PENDING');
    });

    it('refuses months out of range, by field', async () => {
      const { body } = await server.graphql(
        SETTING,
        { input: { country: 'BE', retentionMonths: 0, eraseNeedsTwoAdmins: false } },
        as(first),
      );
      expect(body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
      expect(body.errors?.[0].message).toBe('Kies een heel getal van 1 tot en met 120.');
    });
  });

  describe('the audit of requests', () => {
    it('records who, when, what kind and how many rows, never the data itself', async () => {
      const { body } = await server.graphql<{ dataRequests: ErasureRequest[] }>(AUDIT, {}, as(first));
      const requests = body.data?.dataRequests ?? [];
      expect(requests.map((request) => [request.kind, request.status])).toEqual([
        ['ERASE', 'DONE'],
        ['ERASE', 'DONE'],
        ['ERASE', 'DONE'],
        ['EXPORT', 'DONE'],
        ['EXPORT', 'DONE'],
        ['EXPORT', 'DONE'],
        ['EXPORT', 'DONE'],
      ]);
      expect(requests[0]).toMatchObject({ requestedByName: 'Eerste Beheerder', confirmedByName: 'Tweede Beheerder' });
      const rows = await server.em().getConnection().execute<Record<string, unknown>[]>(`select * from data_requests`);
      expect(Object.keys(rows[0]).sort()).toEqual([
        'confirmed_at',
        'confirmed_by_id',
        'confirmed_by_name',
        'id',
        'kind',
        'order_count',
        'pending_order_ids',
        'requested_at',
        'requested_by_id',
        'requested_by_name',
        'row_count',
        'status',
      ]);
      expect(rows.every((row) => row.pending_order_ids === null)).toBe(true);
    });
  });
});
