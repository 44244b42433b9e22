import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Admin } from '../../../server/admins/admin.entity.js';
import { Country } from '../../../server/common/locale.js';
import { Order } from '../../../server/orders/order.entity.js';
import { createAdmin, createOrder, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

/** Tuesday 1 December 2026, 10:00:00 in Amsterdam: the start of a minute, so a test's calls share one. */
const NOW = new Date('2026-12-01T09:00:00Z');
/** Wednesday 2 December 2026, 08:00 in Amsterdam and Brussels. */
const TOMORROW_8 = new Date('2026-12-02T07:00:00.000Z');

const ALL_SCOPES = ['orders:read', 'orders:write', 'visits:read', 'statistics:read'];

const CREATE_CLIENT = /* GraphQL */ `
  mutation ($input: CreateApiClientInput!) {
    createApiClient(input: $input) {
      key
    }
  }
`;

const LOOK_UP = /* GraphQL */ `
  mutation LookUpVisits($input: LookUpVisitsInput!) {
    lookUpVisits(input: $input) {
      sign
    }
  }
`;

type Body = { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] };
const codeOf = (body: Body) => body.errors?.[0]?.extensions?.code;
const remaining = (headers: Headers) => Number(/"requests";r=(\d+)/.exec(headers.get('ratelimit') ?? '')?.[1]);

describe("an application's reach", () => {
  let server: TestServer;
  let admin: Admin;
  let adminToken: string;
  let dutch: Order;
  let belgian: Order;
  let sequence = 0;

  beforeAll(async () => {
    server = await startTestServer();
    const em = server.em();
    admin = await createAdmin(em);
    dutch = await createOrder(em, { appointment: TOMORROW_8, referenceNumber: 'REACH-NL' });
    belgian = await createOrder(em, {
      appointment: TOMORROW_8,
      referenceNumber: 'REACH-BE',
      country: Country.BE,
      zipcode: '1000',
    });
    // Lookups of each order, a day before NOW: the usage statistics count them.
    const connection = em.getConnection();
    for (const order of [dutch, belgian, belgian]) {
      await connection.execute(
        `insert into site_visits (visited_at, order_id, user_agent, browser, os) values (?, ?, 'test', 'Firefox', 'Linux')`,
        [new Date(NOW.getTime() - 86_400_000), order.id],
      );
    }
  });
  beforeEach(() => {
    server.services.clock.travelTo(NOW);
    adminToken = tokensFor(server).admin(admin);
  });
  afterAll(() => server.stop());

  async function keyFor(input: Record<string, unknown>): Promise<string> {
    const { body } = await server.graphql<{ createApiClient: { key: string } }>(
      CREATE_CLIENT,
      { input: { name: `Reach ${++sequence}`, scopes: ALL_SCOPES, ...input } },
      { token: adminToken },
    );
    expect(body.errors).toBeUndefined();
    return body.data!.createApiClient.key;
  }

  describe('limited to one country', () => {
    it('lists, finds and follows the orders of its own country only, over GraphQL and REST', async () => {
      const key = await keyFor({ countries: ['NL'] });
      const references = async (token: string, filter: Record<string, unknown> = {}) => {
        const { body } = await server.graphql<{ orders: { edges: { node: { referenceNumber: string } }[] } }>(
          'query ($filter: OrderFilterInput) { orders(first: 50, filter: $filter) { edges { node { referenceNumber } } } }',
          { filter },
          { token },
        );
        expect(body.errors).toBeUndefined();
        return body.data!.orders.edges.map(({ node }) => node.referenceNumber).filter((ref) => ref.startsWith('REACH'));
      };
      // The admin sees both: the narrowing is the key's, not the data's.
      expect((await references(adminToken)).sort()).toEqual(['REACH-BE', 'REACH-NL']);
      expect(await references(key)).toEqual(['REACH-NL']);
      const asked = await server.graphql(
        '{ orders(first: 5, filter: { country: BE }) { totalCount } }',
        {},
        { token: key, headers: { 'accept-language': 'fr-BE' } },
      );
      expect(codeOf(asked.body)).toBe('FORBIDDEN');
      expect(asked.body.errors?.[0].message).toBe(
        'Cette application ne peut pas lire les données concernant la Belgique.',
      );

      const byReference = (reference: string) =>
        server.graphql(
          'query ($reference: String!) { orderByReference(referenceNumber: $reference) { id } }',
          { reference },
          { token: key },
        );
      expect((await byReference('REACH-NL')).body.data).toEqual({ orderByReference: { id: dutch.id } });
      expect(codeOf((await byReference('REACH-BE')).body)).toBe('ORDER_NOT_FOUND');
      const history = (id: number) =>
        server.graphql(
          'query ($id: Int!) { orderHistory(orderId: $id, first: 5) { totalCount } }',
          { id },
          { token: key },
        );
      expect((await history(dutch.id)).body.errors).toBeUndefined();
      expect(codeOf((await history(belgian.id)).body)).toBe('ORDER_NOT_FOUND');

      const rest = (reference: string) =>
        server.rest('GET', `/api/admin/appointment/search/${reference}`, { token: key });
      expect((await rest('REACH-NL')).status).toBe(200);
      expect(await rest('REACH-BE')).toMatchObject({ status: 404, body: { message: 'ORDER_NOT_FOUND' } });
      expect((await server.rest('GET', '/api/admin/appointment/search/REACH-BE', { token: adminToken })).status).toBe(
        200,
      );
    });

    it("cannot change the other country's orders: they are not found", async () => {
      const key = await keyFor({ countries: ['NL'] });
      const removed = await server.graphql(
        'mutation ($id: Int!) { deleteOrder(id: $id) { id } }',
        { id: belgian.id },
        {
          token: key,
        },
      );
      expect(codeOf(removed.body)).toBe('ORDER_NOT_FOUND');
      const legacy = await server.rest('DELETE', `/api/admin/appointment/${belgian.id}`, { token: key });
      expect(legacy).toMatchObject({ status: 404, body: { message: 'ORDER_NOT_FOUND' } });
      const moved = await server.graphql(
        'mutation ($input: UpdateOrderAddressInput!) { updateOrderAddress(input: $input) { id } }',
        { input: { orderId: belgian.id, zipcode: '1000', houseNumber: '2', city: 'Brussel' } },
        { token: key },
      );
      expect(codeOf(moved.body)).toBe('ORDER_NOT_FOUND');
      const stored = await server.em().fork().findOneOrFail(Order, belgian.id, { filters: false });
      expect(stored.deletedAt).toBeNull();
      expect(stored.houseNumber).not.toBe(2);
    });

    it('sees the visits and figures of its own country only', async () => {
      const key = await keyFor({ countries: ['NL'] });
      const overview = async (token: string) => {
        const { body } = await server.graphql<{ dispatchOverview: { days: { countries: { country: string }[] }[] } }>(
          '{ dispatchOverview { days { countries { country } } } }',
          {},
          { token },
        );
        expect(body.errors).toBeUndefined();
        return [...new Set(body.data!.dispatchOverview.days.flatMap((day) => day.countries.map((c) => c.country)))];
      };
      expect((await overview(adminToken)).sort()).toEqual(['BE', 'NL']);
      expect(await overview(key)).toEqual(['NL']);

      const board = await server.graphql('{ visitBoard(country: BE) { country } }', {}, { token: key });
      expect(codeOf(board.body)).toBe('FORBIDDEN');
      // The Belgian site's own board is not the key's either: without a country it reads its own.
      const ownBoard = await server.graphql(
        '{ visitBoard { country } }',
        {},
        { token: key, headers: { host: 'rendezvous.be.localhost' } },
      );
      expect(ownBoard.body.data).toEqual({ visitBoard: { country: 'NL' } });

      const figures = async (token: string) => {
        const { body } = await server.graphql<{
          officeFigures: { country: string | null; rows: { country: string }[] };
        }>(
          '{ officeFigures(from: "2026-12-01", to: "2026-12-03", groupBy: COUNTRY) { country rows { country } } }',
          {},
          { token },
        );
        expect(body.errors).toBeUndefined();
        return body.data!.officeFigures;
      };
      expect((await figures(adminToken)).rows.map((row) => row.country)).toEqual(['NL', 'BE']);
      expect(await figures(key)).toEqual({ country: 'NL', rows: [{ country: 'NL' }] });
      const belgianFigures = await server.graphql(
        '{ officeFigures(from: "2026-12-01", to: "2026-12-03", groupBy: COUNTRY, country: BE) { country } }',
        {},
        { token: key },
      );
      expect(codeOf(belgianFigures.body)).toBe('FORBIDDEN');

      const lookups = async (token: string) => {
        const { body } = await server.graphql<{ statistics: { totalVisits: number } }>(
          '{ statistics(from: "2026-11-30", to: "2026-11-30") { totalVisits } }',
          {},
          { token },
        );
        expect(body.errors).toBeUndefined();
        return body.data!.statistics.totalVisits;
      };
      expect(await lookups(adminToken)).toBe(3);
      expect(await lookups(key)).toBe(1);
      // An application of both countries reads both.
      expect(await lookups(await keyFor({ countries: ['NL', 'BE'] }))).toBe(3);
    });
  });

  describe('budget headers on every answer', () => {
    it('come with an answer of the lookup, which other callers get without GraphQL’s pipeline', async () => {
      const key = await keyFor({ countries: ['NL'], requestBudget: 5 });
      const input = { country: 'NL', zipcode: '1234 AB', houseNumber: '10' };
      const first = await server.graphql(LOOK_UP, { input }, { token: key });
      expect(first.status).toBe(200);
      expect(first.headers.get('ratelimit-policy')).toBe('"requests";q=5;w=60, "cost";q=20000;w=60');
      expect(remaining(first.headers)).toBe(4);
      const second = await server.graphql(LOOK_UP, { input }, { token: key });
      expect(remaining(second.headers)).toBe(3);
      expect((second.body as { extensions?: { cost?: number } }).extensions?.cost).toEqual(expect.any(Number));
      // Anyone else's lookup carries none.
      const anonymous = await server.graphql(LOOK_UP, { input });
      expect(anonymous.headers.get('ratelimit')).toBeNull();
    });

    it('come with an operation refused before it runs: not parsed, not valid', async () => {
      const key = await keyFor({ countries: ['NL'], requestBudget: 5 });
      const unparsed = await server.graphql('{ orders(', {}, { token: key });
      expect(codeOf(unparsed.body)).toBe('GRAPHQL_PARSE_FAILED');
      expect(unparsed.headers.get('ratelimit-policy')).toBe('"requests";q=5;w=60, "cost";q=20000;w=60');
      expect(remaining(unparsed.headers)).toBe(4);
      const invalid = await server.graphql('{ noSuchField }', {}, { token: key });
      expect(codeOf(invalid.body)).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(remaining(invalid.headers)).toBe(3);
    });

    it('come with a legacy call refused at the edge for its body', async () => {
      const key = await keyFor({ countries: ['NL'], requestBudget: 5 });
      const refused = await server.rest('POST', '/api/admin/appointment/create', {
        token: key,
        json: { name: { first: 'Anna' } },
      });
      expect(refused).toMatchObject({ status: 400, body: { message: 'BAD_USER_INPUT', field: 'name' } });
      expect(refused.headers.get('ratelimit-policy')).toBe('"requests";q=5;w=60, "cost";q=20000;w=60');
      expect(remaining(refused.headers)).toBe(4);
    });
  });
});
