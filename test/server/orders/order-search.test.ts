import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { ConsumerReply, VisitAnswer } from '../../../server/replies/consumer-reply.entity.js';
import { SiteVisit } from '../../../server/statistics/site-visit.entity.js';
import type { Order } from '../../../server/orders/order.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const ORDERS = `query ($filter: OrderFilterInput, $sort: OrderSortInput, $first: Int, $after: String) {
  orders(filter: $filter, sort: $sort, first: $first, after: $after) {
    totalCount
    totalCountExact
    edges { cursor node { referenceNumber } }
    pageInfo { endCursor hasNextPage }
  }
}`;

interface OrdersPage {
  orders: {
    totalCount: number;
    totalCountExact: boolean;
    edges: { cursor: string; node: { referenceNumber: string } }[];
    pageInfo: { endCursor: string | null; hasNextPage: boolean };
  };
}

const day = (d: number, h = 9) => new Date(Date.UTC(2027, 1, d, h));

describe("the dispatcher's order search", () => {
  let server: TestServer;
  let token: string;
  const orders: Record<string, Order> = {};

  beforeAll(async () => {
    server = await startTestServer();
    const em = server.em();
    token = tokensFor(server).admin(await createAdmin(em));
    const jan = await createTechnician(em, { personalNumber: 'NS1' });
    const make = async (ref: string, fields: Partial<Parameters<typeof createOrder>[1]>) => {
      orders[ref] = await createOrder(em, { referenceNumber: ref, appointment: day(3), ...fields });
    };
    await make('S-1', {
      name: 'Céline Dubois',
      city: 'Liège',
      country: Country.BE,
      zipcode: '4000',
      phone: '+32 470 12 34 56',
      appointment: day(3, 8),
    });
    await make('S-2', {
      name: 'Jan de Vries',
      city: 'Utrecht',
      zipcode: '3511 CD',
      houseNumber: '6',
      phone: '06-1234 5678',
      technician: jan,
      appointment: day(4),
    });
    await make('S-3', {
      name: 'Annemarie Jansen',
      city: "'s-Hertogenbosch",
      zipcode: '5211 AB',
      houseNumber: '12',
      email: 'a.jansen@voorbeeld.nl',
      phone: '073 555 0101',
      special: true,
      appointment: day(5),
    });
    await make('S-4', {
      name: 'Piet 100% Zeker_',
      city: 'Zwolle',
      zipcode: '3511 CD',
      houseNumber: '8',
      externalCompany: 1,
      phone: '038 555 0102',
      appointment: day(6),
    });
    await make('S-5', {
      name: 'Deleted Dirk',
      phone: '030 555 0103',
      city: 'Utrecht',
      deletedAt: day(1),
      appointment: day(7),
    });
    // Céline answered "call me"; Jan left an access note; Jan's customer looked up the window.
    em.create(ConsumerReply, {
      order: orders['S-1'],
      answer: VisitAnswer.CALL_ME,
      accessNote: null,
      createdAt: day(1),
      updatedAt: day(1),
    });
    em.create(ConsumerReply, {
      order: orders['S-2'],
      answer: null,
      accessNote: 'Achterom',
      createdAt: day(1),
      updatedAt: day(1),
    });
    em.create(SiteVisit, {
      visitedAt: day(3, 15),
      order: orders['S-2'].id,
      userAgent: 'test',
      browser: 'Chrome',
      os: 'Android',
    });
    await em.flush();
  });
  afterAll(() => server.stop());

  const found = async (filter: Record<string, unknown>, sort?: Record<string, unknown>) => {
    const { body } = await server.graphql<OrdersPage>(ORDERS, { filter, sort, first: 50 }, { token });
    expect(body.errors).toBeUndefined();
    return body.data!.orders.edges.map((edge) => edge.node.referenceNumber).filter((ref) => ref.startsWith('S-'));
  };

  it('finds a customer by part of the name, without regard to case or accents', async () => {
    expect(await found({ search: 'celine' })).toEqual(['S-1']);
    expect(await found({ search: 'DUBOIS' })).toEqual(['S-1']);
    expect(await found({ search: 'jans' })).toEqual(['S-3']);
    expect(await found({ search: 'liege' })).toEqual(['S-1']);
    expect(await found({ search: 'voorbeeld.nl' })).toEqual(['S-3']);
  });

  it('finds an e-mail address by its start, in any case, and a domain anywhere', async () => {
    expect(await found({ search: 'a.jansen@' })).toEqual(['S-3']);
    expect(await found({ search: 'A.Jansen@Voorbeeld.NL' })).toEqual(['S-3']);
    // Not the start of an address: the rest of "a.jansen@" is not searched for inside it.
    expect(await found({ search: 'jansen@' })).toEqual([]);
    expect(await found({ search: '@voorbeeld.nl' })).toEqual(['S-3']);
  });

  it('finds by postcode, with or without house number, in any spacing', async () => {
    expect(await found({ search: '3511 CD' })).toEqual(['S-2', 'S-4']);
    expect(await found({ search: '3511cd 6' })).toEqual(['S-2']);
    expect(await found({ search: '3511 cd 8' })).toEqual(['S-4']);
    expect(await found({ search: '4000' })).toEqual(['S-1']);
  });

  it('finds by phone number however it is written', async () => {
    expect(await found({ search: '0470/12.34.56' })).toEqual(['S-1']);
    expect(await found({ search: '+31 6 12345678' })).toEqual(['S-2']);
    expect(await found({ search: '12345678' })).toEqual(['S-2']);
  });

  it('treats LIKE wildcards in the search as plain characters', async () => {
    expect(await found({ search: '100%' })).toEqual(['S-4']);
    expect(await found({ search: 'ker_' })).toEqual(['S-4']);
  });

  it('filters by reply, informed, special, external, deleted and technician', async () => {
    expect(await found({ reply: 'CALL_ME' })).toEqual(['S-1']);
    expect(await found({ reply: 'ACCESS_NOTE' })).toEqual(['S-2']);
    expect(await found({ reply: 'ANY' })).toEqual(['S-1', 'S-2']);
    expect(await found({ reply: 'NONE' })).toEqual(['S-3', 'S-4', 'S-5']);
    const since = day(1).toISOString();
    expect(await found({ informed: true, from: since })).toEqual(['S-2']);
    expect(await found({ informed: false, from: since, deleted: false })).toEqual(['S-1', 'S-3', 'S-4']);
    expect(await found({ special: true })).toEqual(['S-3']);
    expect(await found({ external: true })).toEqual(['S-4']);
    expect(await found({ deleted: true, special: false })).toEqual(['S-5']);
    expect(await found({ technician: 'NS1', special: false })).toEqual(['S-2']);
    expect(await found({ search: 'utrecht', deleted: false })).toEqual(['S-2']);
  });

  it('sorts by any column either way, and pages through a sort with cursors', async () => {
    expect(await found({ deleted: false }, { field: 'NAME', direction: 'ASC' })).toEqual(['S-3', 'S-1', 'S-2', 'S-4']);
    expect(await found({ deleted: false }, { field: 'CITY', direction: 'DESC' })).toEqual(['S-4', 'S-2', 'S-1', 'S-3']);
    const walked: string[] = [];
    let after: string | null = null;
    do {
      const { body } = await server.graphql<OrdersPage>(
        ORDERS,
        { filter: {}, sort: { field: 'REFERENCE_NUMBER', direction: 'DESC' }, first: 2, after },
        { token },
      );
      expect(body.errors).toBeUndefined();
      const page: OrdersPage['orders'] = body.data!.orders;
      expect(page.totalCount).toBe(5);
      expect(page.totalCountExact).toBe(true);
      walked.push(...page.edges.map((edge) => edge.node.referenceNumber));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
    expect(walked).toEqual(['S-5', 'S-4', 'S-3', 'S-2', 'S-1']);
  });

  it('refuses searches that cannot be answered well, in the caller language', async () => {
    const tooShort = await server.graphql(
      ORDERS,
      { filter: { search: 'ab' } },
      { token, headers: { 'accept-language': 'nl' } },
    );
    expect(tooShort.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(tooShort.body.errors?.[0]?.message).toContain('minstens 3 letters of cijfers achter elkaar');
    const tooLong = await server.graphql(ORDERS, { filter: { search: 'x'.repeat(101) } }, { token });
    expect(tooLong.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const control = await server.graphql(ORDERS, { filter: { search: 'abc\u0007' } }, { token });
    expect(control.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const cursor = await server.graphql(ORDERS, { filter: { search: 'abc' }, after: 'not-a-cursor' }, { token });
    expect(cursor.body.errors?.[0]?.extensions?.code).toBe('INVALID_CURSOR');
  });

  const refusal = async (filter: Record<string, unknown>, language = 'nl') => {
    const { body } = await server.graphql(ORDERS, { filter }, { token, headers: { 'accept-language': language } });
    expect(body.data).toBeNull();
    return { code: body.errors?.[0]?.extensions?.code, message: body.errors?.[0]?.message };
  };

  it('refuses a search without three letters or digits in a row: the indexes could not narrow it', async () => {
    for (const search of ['...', '___', '%%%', '@@@', 'a.b', 's-', '. . . .']) {
      expect(await refusal({ search })).toEqual({
        code: 'BAD_USER_INPUT',
        message:
          'Zoek op minstens 3 letters of cijfers achter elkaar, een postcode, minstens 6 cijfers van een telefoonnummer of een hele referentie: een korte (zoals DS-3) wordt exact gevonden.',
      });
    }
    expect((await refusal({ search: '...' }, 'fr')).message).toBe(
      'Cherchez sur au moins 3 lettres ou chiffres qui se suivent, un code postal, au moins 6 chiffres d’un numéro de téléphone ou une référence entière\u00a0: une courte (comme DS-3) est trouvée telle quelle.',
    );
    // Punctuation around a word, and a phone number written in pairs, still search.
    expect(await found({ search: '...piet' })).toEqual([]);
    expect(await found({ search: '06-12 34 56 78' })).toEqual(['S-2']);
  });

  it('refuses a house number it cannot read instead of listing the whole postcode', async () => {
    expect(await refusal({ search: '3511CD 99999999999999999999' })).toEqual({
      code: 'BAD_USER_INPUT',
      message:
        'Dit huisnummer kunnen we niet lezen. Zoek op de postcode met een geldig huisnummer, bijvoorbeeld 3511 CD 6.',
    });
    expect((await refusal({ search: '1000 99999999999999999999' }, 'fr')).code).toBe('BAD_USER_INPUT');
    expect(await found({ search: '3511CD 8' })).toEqual(['S-4']);
  });

  it('asks for a start date with the "informed" filter, and answers from that date on', async () => {
    expect(await refusal({ informed: true })).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'Kies een begindatum om op "Tijdvak bekeken" te filteren.',
    });
    expect((await refusal({ informed: false, to: day(9).toISOString() }, 'fr')).message).toBe(
      'Choisissez une date de début pour filtrer sur «\u00a0Plage horaire consultée\u00a0».',
    );
    expect(await found({ informed: false, from: day(5).toISOString() })).toEqual(['S-3', 'S-4', 'S-5']);
  });

  it('is for admins only', async () => {
    const { body } = await server.graphql(ORDERS, { filter: { search: 'celine' } });
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
