import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Admin } from '../../../server/admins/admin.entity.js';
import { deleteExpiredApiClientRows } from '../../../server/api-clients/repository/api-client.repository.js';
import { Order } from '../../../server/orders/order.entity.js';
import { INCLUDING_DELETED } from '../../../server/orders/repository/active-orders.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { postGraphQLUpload } from '../../utils/upload.js';

/** Tuesday 1 December 2026, 10:00:00 in Amsterdam: the start of a minute, so a test's calls share one. */
const NOW = new Date('2026-12-01T09:00:00Z');
/** Wednesday 2 December 2026, 08:00 in Amsterdam. */
const TOMORROW_8 = '2026-12-02T07:00:00.000Z';
const HOUR = 3_600_000;

const CREATE_CLIENT = /* GraphQL */ `
  mutation ($input: CreateApiClientInput!) {
    createApiClient(input: $input) {
      key
      apiClient {
        id
        name
        keyPrefixes
        scopes
        countries
        requestBudget
        costBudget
        lastUsedAt
      }
    }
  }
`;

const BY_REFERENCE = /* GraphQL */ `
  query ($reference: String!) {
    orderByReference(referenceNumber: $reference) {
      id
      referenceNumber
    }
  }
`;

const CREATE_ORDER = /* GraphQL */ `
  mutation ($input: CreateOrderInput!) {
    createOrder(input: $input) {
      id
      referenceNumber
    }
  }
`;

interface CreatedClient {
  createApiClient: { key: string; apiClient: { id: number; keyPrefixes: string[]; lastUsedAt: string | null } };
}

describe('applications calling with their own keys', () => {
  let server: TestServer;
  let admin: Admin;
  let adminToken: string;
  let sequence = 0;

  beforeAll(async () => {
    server = await startTestServer();
    const em = server.em();
    admin = await createAdmin(em);
    await createTechnician(em, { personalNumber: 'N4711', firstname: 'Jan', lastname: 'de Vries' });
  });
  beforeEach(() => {
    server.services.clock.travelTo(NOW);
    adminToken = tokensFor(server).admin(admin);
  });
  afterAll(() => server.stop());

  async function createClient(input: Record<string, unknown> = {}) {
    const { body } = await server.graphql<CreatedClient>(
      CREATE_CLIENT,
      { input: { name: `App ${++sequence}`, scopes: ['orders:read'], countries: ['NL'], ...input } },
      { token: adminToken },
    );
    expect(body.errors).toBeUndefined();
    return body.data!.createApiClient;
  }

  const orderInput = (overrides: Record<string, unknown> = {}) => ({
    referenceNumber: `API-${++sequence}`,
    name: 'Anna Jansen',
    email: 'anna@example.test',
    phone: '06 12345678',
    zipcode: '1234 ab',
    houseNumber: '12',
    city: 'Utrecht',
    appointment: TOMORROW_8,
    duration: 10800,
    technician: 'N4711',
    special: false,
    ...overrides,
  });

  const codeOf = (body: { errors?: { extensions?: Record<string, unknown> }[] }) => body.errors?.[0]?.extensions?.code;

  describe('the console', () => {
    it('shows the key once, stores only its hash, and lists the prefix', async () => {
      const { key, apiClient } = await createClient({
        scopes: ['orders:read', 'statistics:read'],
        countries: ['NL', 'BE'],
      });
      expect(key).toMatch(/^tvk_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
      expect(apiClient.keyPrefixes).toEqual([key.slice(4, 12)]);
      const { body } = await server.graphql<{ apiClients: Record<string, unknown>[] }>(
        '{ apiClients { id keyPrefixes scopes countries requestBudget costBudget revokedAt } }',
        {},
        { token: adminToken },
      );
      expect(body.data?.apiClients).toContainEqual({
        id: apiClient.id,
        keyPrefixes: [key.slice(4, 12)],
        scopes: ['orders:read', 'statistics:read'],
        countries: ['NL', 'BE'],
        requestBudget: 600,
        costBudget: 20000,
        revokedAt: null,
      });
      expect(JSON.stringify(body)).not.toContain(key.slice(13));
      const stored = await server
        .em()
        .getConnection()
        .execute<{ text: string }[]>(`select k::text as text from api_client_keys k where client_id = ?`, [
          apiClient.id,
        ]);
      expect(stored).toHaveLength(1);
      expect(stored[0].text).not.toContain(key.slice(13));
    });

    it('refuses an unknown scope, no country and a budget out of range, in the caller language', async () => {
      const { body } = await server.graphql(
        CREATE_CLIENT,
        { input: { name: ' ', scopes: ['orders:delete'], countries: [], requestBudget: 0 } },
        { token: adminToken, headers: { 'accept-language': 'fr-BE' } },
      );
      expect(codeOf(body)).toBe('BAD_USER_INPUT');
      const fields = (body.errors?.[0].extensions?.fields ?? []) as { field: string; message: string }[];
      expect(fields.map(({ field }) => field)).toEqual(['name', 'scopes', 'countries', 'requestBudget']);
      expect(fields[2].message).toBe('Choisissez les Pays-Bas, la Belgique ou les deux.');
    });

    it('is for admins only: a technician or an application key cannot list or create applications', async () => {
      const technician = await createTechnician(server.em(), { personalNumber: 'N9001' });
      const asTechnician = await server.graphql(
        '{ apiClients { id } }',
        {},
        {
          token: tokensFor(server).technician(technician),
        },
      );
      expect(codeOf(asTechnician.body)).toBe('FORBIDDEN');
      const { key } = await createClient({ scopes: ['orders:read', 'orders:write', 'visits:read', 'statistics:read'] });
      const asApplication = await server.graphql('{ apiClients { id } }', {}, { token: key });
      expect(codeOf(asApplication.body)).toBe('FORBIDDEN');
    });
  });

  describe('scopes', () => {
    it('open the fields that name them and refuse the others like a missing role, over GraphQL', async () => {
      const order = await createOrder(server.em(), { appointment: new Date(TOMORROW_8), referenceNumber: 'SCOPE-1' });
      const { key } = await createClient({ scopes: ['orders:read'] });
      const read = await server.graphql(BY_REFERENCE, { reference: 'SCOPE-1' }, { token: key });
      expect(read.body.errors).toBeUndefined();
      expect(read.body.data).toEqual({ orderByReference: { id: order.id, referenceNumber: 'SCOPE-1' } });

      const write = await server.graphql(CREATE_ORDER, { input: orderInput() }, { token: key });
      expect(codeOf(write.body)).toBe('FORBIDDEN');
      const figures = await server.graphql('{ statistics { browsers { name } } }', {}, { token: key });
      expect(codeOf(figures.body)).toBe('FORBIDDEN');
      // A field of an order that names another scope: refused on its own, the rest of the answer stands.
      const nested = await server.graphql(
        '{ orderByReference(referenceNumber: "SCOPE-1") { referenceNumber visitStatus { stage } } }',
        {},
        { token: key },
      );
      expect(codeOf(nested.body)).toBe('FORBIDDEN');
      expect(nested.body.errors?.[0].path).toEqual(['orderByReference', 'visitStatus']);
      // The same refusal a caller without the role gets.
      const technician = await createTechnician(server.em(), { personalNumber: 'N9002' });
      const asTechnician = await server.graphql(
        CREATE_ORDER,
        { input: orderInput() },
        {
          token: tokensFor(server).technician(technician),
        },
      );
      expect(asTechnician.body.errors?.[0]).toEqual(write.body.errors?.[0]);
      expect(await server.em().count(Order, { referenceNumber: { $like: 'API-%' } }, INCLUDING_DELETED)).toBe(0);
    });

    it('refuse the same over the REST shim', async () => {
      const order = await createOrder(server.em(), { appointment: new Date(TOMORROW_8), referenceNumber: 'SCOPE-2' });
      const { key } = await createClient({ scopes: ['orders:read'] });
      const read = await server.rest<Record<string, unknown>>('GET', '/api/admin/appointment/search/SCOPE-2', {
        token: key,
      });
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ id: order.id, reference_number: 'SCOPE-2' });
      const remove = await server.rest('DELETE', `/api/admin/appointment/${order.id}`, { token: key });
      expect(remove).toMatchObject({ status: 403, body: { message: 'FORBIDDEN' } });
      const figures = await server.rest('GET', '/api/admin/statistics', { token: key });
      expect(figures).toMatchObject({ status: 403, body: { message: 'FORBIDDEN' } });
      const admins = await server.rest('GET', '/api/admin/admins', { token: key });
      expect(admins).toMatchObject({ status: 403, body: { message: 'FORBIDDEN' } });
      expect((await server.em().findOneOrFail(Order, order.id)).deletedAt).toBeNull();
    });

    it('write only orders of the countries the application was given', async () => {
      const { key } = await createClient({ scopes: ['orders:write'], countries: ['NL'] });
      const { body } = await server.graphql(
        CREATE_ORDER,
        { input: orderInput({ country: 'BE', zipcode: '1000' }) },
        { token: key },
      );
      expect(codeOf(body)).toBe('API_CLIENT_COUNTRY_NOT_ALLOWED');
      expect(body.errors?.[0].message).toBe('Deze applicatie mag geen opdrachten voor België schrijven.');
    });
  });

  describe('rotation and revocation', () => {
    it('keeps the old key valid for the overlap given, and not a moment after', async () => {
      const order = await createOrder(server.em(), { appointment: new Date(TOMORROW_8), referenceNumber: 'ROT-1' });
      const { key: oldKey, apiClient } = await createClient();
      const { body } = await server.graphql<{
        rotateApiClientKey: { key: string; apiClient: { keyPrefixes: string[] } };
      }>(
        'mutation ($input: RotateApiClientKeyInput!) { rotateApiClientKey(input: $input) { key apiClient { keyPrefixes } } }',
        { input: { id: apiClient.id, overlapHours: 24 } },
        { token: adminToken },
      );
      const newKey = body.data!.rotateApiClientKey.key;
      expect(newKey).not.toBe(oldKey);
      expect(body.data!.rotateApiClientKey.apiClient.keyPrefixes).toEqual([newKey.slice(4, 12), oldKey.slice(4, 12)]);
      const reads = async (key: string) => {
        const { body: answer } = await server.graphql(BY_REFERENCE, { reference: 'ROT-1' }, { token: key });
        return answer.errors
          ? codeOf(answer)
          : (answer.data as { orderByReference: { id: number } }).orderByReference.id;
      };
      expect(await reads(oldKey)).toBe(order.id);
      expect(await reads(newKey)).toBe(order.id);
      server.services.clock.travelTo(new Date(NOW.getTime() + 24 * HOUR - 60_000));
      expect(await reads(oldKey)).toBe(order.id);
      // The overlap runs from the rotation, a moment after NOW.
      server.services.clock.travelTo(new Date(NOW.getTime() + 24 * HOUR + 5_000));
      expect(await reads(oldKey)).toBe('UNAUTHENTICATED');
      expect(await reads(newKey)).toBe(order.id);
    });

    it('refuses a revoked application at once, over GraphQL and REST, and it cannot be rotated back', async () => {
      await createOrder(server.em(), { appointment: new Date(TOMORROW_8), referenceNumber: 'REV-1' });
      const { key, apiClient } = await createClient();
      expect((await server.graphql(BY_REFERENCE, { reference: 'REV-1' }, { token: key })).body.errors).toBeUndefined();
      const revoked = await server.graphql<{ revokeApiClient: { revokedAt: string; keyPrefixes: string[] } }>(
        'mutation ($id: Int!) { revokeApiClient(id: $id) { revokedAt keyPrefixes } }',
        { id: apiClient.id },
        { token: adminToken },
      );
      expect(revoked.body.data?.revokeApiClient).toEqual({ revokedAt: expect.any(String), keyPrefixes: [] });
      const after = await server.graphql(BY_REFERENCE, { reference: 'REV-1' }, { token: key });
      expect(codeOf(after.body)).toBe('UNAUTHENTICATED');
      const rest = await server.rest('GET', '/api/admin/appointment/search/REV-1', { token: key });
      expect(rest).toMatchObject({ status: 401, body: { message: 'UNAUTHENTICATED' } });
      const rotated = await server.graphql(
        'mutation ($input: RotateApiClientKeyInput!) { rotateApiClientKey(input: $input) { key } }',
        { input: { id: apiClient.id } },
        { token: adminToken },
      );
      expect(codeOf(rotated.body)).toBe('API_CLIENT_NOT_FOUND');
    });

    it('refuses a key of the right form that was never issued, and marks the last use once a minute', async () => {
      const { key, apiClient } = await createClient();
      const forged = `${key.slice(0, 13)}${'A'.repeat(43)}`;
      const { body } = await server.graphql(BY_REFERENCE, { reference: 'nothing' }, { token: forged });
      expect(codeOf(body)).toBe('UNAUTHENTICATED');
      const lastUsed = async () => {
        const { body: list } = await server.graphql<{ apiClients: { id: number; lastUsedAt: string | null }[] }>(
          '{ apiClients { id lastUsedAt } }',
          {},
          { token: adminToken },
        );
        return list.data!.apiClients.find(({ id }) => id === apiClient.id)!.lastUsedAt;
      };
      expect(await lastUsed()).toBeNull();
      await server.graphql(BY_REFERENCE, { reference: 'nothing' }, { token: key });
      const first = await lastUsed();
      expect(first).not.toBeNull();
      await server.graphql(BY_REFERENCE, { reference: 'nothing' }, { token: key });
      expect(await lastUsed()).toBe(first);
      server.services.clock.travelTo(new Date(NOW.getTime() + 61_000));
      await server.graphql(BY_REFERENCE, { reference: 'nothing' }, { token: key });
      expect(Date.parse((await lastUsed())!)).toBeGreaterThan(Date.parse(first!) + 60_000);
    });
  });

  describe('budgets', () => {
    it('count down in the RateLimit headers, state the cost, and refuse with 429 and Retry-After', async () => {
      const { key } = await createClient({ requestBudget: 3 });
      const call = () => server.graphql(BY_REFERENCE, { reference: 'nothing' }, { token: key });
      const answers = [await call(), await call(), await call()];
      for (const answer of answers) {
        expect(answer.headers.get('ratelimit-policy')).toBe('"requests";q=3;w=60, "cost";q=20000;w=60');
        expect((answer.body as { extensions?: { cost?: number } }).extensions?.cost).toBe(5);
      }
      expect(answers.map((answer) => /"requests";r=(\d+)/.exec(answer.headers.get('ratelimit') ?? '')?.[1])).toEqual([
        '2',
        '1',
        '0',
      ]);
      expect(answers[2].headers.get('ratelimit')).toMatch(/^"requests";r=0;t=\d+, "cost";r=19985;t=\d+$/);
      const refused = await call();
      expect(refused.status).toBe(429);
      expect(codeOf(refused.body)).toBe('RATE_LIMITED');
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.headers.get('ratelimit')).toMatch(/^"requests";r=0;/);
      // The next minute brings a new budget.
      server.services.clock.travelTo(new Date(NOW.getTime() + 60_000));
      const next = await call();
      expect(next.status).toBe(200);
      expect(next.headers.get('ratelimit')).toMatch(/^"requests";r=2;/);
    });

    it('is spent only by calls with the application key, and the REST shim counts too', async () => {
      const { key } = await createClient({ requestBudget: 2 });
      const forged = `${key.slice(0, 13)}${'B'.repeat(43)}`;
      for (let i = 0; i < 3; i++) {
        const { status, headers } = await server.graphql(BY_REFERENCE, { reference: 'x' }, { token: forged });
        expect(status).toBe(200);
        expect(headers.get('ratelimit')).toBeNull();
      }
      const rest = await server.rest('GET', '/api/admin/appointment/search/nothing', { token: key });
      expect(rest.status).toBe(404);
      expect(rest.headers.get('ratelimit-policy')).toBe('"requests";q=2;w=60, "cost";q=20000;w=60');
      expect(rest.headers.get('ratelimit')).toMatch(/^"requests";r=1;/);
      await server.rest('GET', '/api/admin/appointment/search/nothing', { token: key });
      const refused = await server.rest('GET', '/api/admin/appointment/search/nothing', { token: key });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ message: 'RATE_LIMITED' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('refuses an operation that costs more than the cost budget has left', async () => {
      const { key } = await createClient({ costBudget: 6 });
      const first = await server.graphql(BY_REFERENCE, { reference: 'x' }, { token: key });
      expect(first.headers.get('ratelimit')).toMatch(/"cost";r=1;/);
      const second = await server.graphql(BY_REFERENCE, { reference: 'x' }, { token: key });
      expect(second.status).toBe(429);
      expect(second.headers.get('ratelimit')).toMatch(/^"requests";r=599;t=\d+, "cost";r=1;/);
    });
  });

  describe('idempotent writes', () => {
    it('answer a repeated create with the first order and make one, named after the application', async () => {
      const { key } = await createClient({ name: 'Planning Koppeling', scopes: ['orders:write', 'orders:read'] });
      const input = orderInput();
      const headers = { 'idempotency-key': 'create-1' };
      const first = await server.graphql<{ createOrder: { id: number } }>(
        CREATE_ORDER,
        { input },
        { token: key, headers },
      );
      expect(first.body.errors).toBeUndefined();
      const again = await server.graphql<{ createOrder: { id: number } }>(
        CREATE_ORDER,
        { input },
        { token: key, headers },
      );
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual(first.body.data);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await server.em().count(Order, { referenceNumber: input.referenceNumber }, INCLUDING_DELETED)).toBe(1);

      const history = await server.graphql<{
        orderHistory: { edges: { node: { actor: { type: string; name: string } } }[] };
      }>(
        'query ($id: Int!) { orderHistory(orderId: $id, first: 5) { edges { node { actor { type name } } } } }',
        { id: first.body.data!.createOrder.id },
        { token: adminToken },
      );
      expect(history.body.errors).toBeUndefined();
      expect(history.body.data?.orderHistory.edges.map(({ node }) => node)).toEqual([
        { actor: { type: 'APPLICATION', name: 'Planning Koppeling' } },
      ]);
    });

    it('refuse the same key with another body (422), and keep keys apart per caller', async () => {
      const { key } = await createClient({ scopes: ['orders:write'] });
      const headers = { 'idempotency-key': 'create-2' };
      const first = await server.graphql(CREATE_ORDER, { input: orderInput() }, { token: key, headers });
      expect(first.body.errors).toBeUndefined();
      const other = orderInput();
      const refused = await server.graphql(CREATE_ORDER, { input: other }, { token: key, headers });
      expect(refused.status).toBe(422);
      expect(codeOf(refused.body)).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(await server.em().count(Order, { referenceNumber: other.referenceNumber }, INCLUDING_DELETED)).toBe(0);
      // The same key of another caller (an admin) is its own.
      const byAdmin = await server.graphql(CREATE_ORDER, { input: other }, { token: adminToken, headers });
      expect(byAdmin.body.errors).toBeUndefined();
      expect(await server.em().count(Order, { referenceNumber: other.referenceNumber }, INCLUDING_DELETED)).toBe(1);
    });

    it('keep nothing for a failed write, so it can be sent again with its key', async () => {
      const { key } = await createClient({ scopes: ['orders:write'] });
      const headers = { 'idempotency-key': 'create-3' };
      const input = orderInput({ technician: 'N0000' });
      const failed = await server.graphql(CREATE_ORDER, { input }, { token: key, headers });
      expect(codeOf(failed.body)).toBe('BAD_USER_INPUT');
      const retried = await server.graphql(
        CREATE_ORDER,
        { input: { ...input, technician: 'N4711' } },
        {
          token: key,
          headers,
        },
      );
      expect(retried.body.errors).toBeUndefined();
    });

    it('make a repeated import answer the first result, whose file is not read again; imports keep to the countries', async () => {
      const { key } = await createClient({ scopes: ['orders:write'], countries: ['NL'] });
      const IMPORT = /* GraphQL */ `
        mutation ($country: Country!, $file: Upload!) {
          importOrders(country: $country, file: $file) {
            __typename
            ... on ImportOrdersSuccess {
              jobId
              created
            }
          }
        }
      `;
      const reference = `IMP-${++sequence}`;
      const file = {
        name: 'orders.csv',
        content:
          'reference_number;name;email;phone;zipcode;house_number;city;date;time;technician;flag\r\n' +
          `${reference};Anna Jansen;anna@example.test;06 12345678;1234 ab;12;Utrecht;02-12-2026;09:30;N4711;0\r\n`,
      };
      const send = (country: string, idempotencyKey: string) =>
        postGraphQLUpload<{ importOrders: { __typename: string; jobId?: string; created?: number } }>(
          server.url,
          IMPORT,
          { country },
          'file',
          file,
          { token: key, headers: { 'idempotency-key': idempotencyKey } },
        );
      const first = await send('NL', 'import-1');
      expect(first.body.errors).toBeUndefined();
      expect(first.body.data?.importOrders).toMatchObject({ __typename: 'ImportOrdersSuccess', created: 1 });
      const again = await send('NL', 'import-1');
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body.data).toEqual(first.body.data);
      const belgian = await send('BE', 'import-2');
      expect(codeOf(belgian.body)).toBe('API_CLIENT_COUNTRY_NOT_ALLOWED');
      expect(await server.em().count(Order, { referenceNumber: reference }, INCLUDING_DELETED)).toBe(1);
    });

    it('work on the REST shim too, and are removed after a day', async () => {
      const { key } = await createClient({ scopes: ['orders:write'] });
      const form = {
        name: 'Piet Bakker',
        email: 'piet@example.test',
        city: 'Amsterdam',
        house_number: '4',
        zipcode: '1011AB',
        appointment: String(Date.parse(TOMORROW_8) / 1000),
        duration: '10800',
        reference_number: `LEG-API-${++sequence}`,
        tijdvak_identifier: 'N4711',
        flag: '0',
        phone: '020 1234567',
      };
      const headers = { 'idempotency-key': 'legacy-1' };
      const first = await server.rest<{ id: number }>('POST', '/api/admin/appointment/create', {
        token: key,
        form,
        headers,
      });
      expect(first.status).toBe(201);
      const again = await server.rest<{ id: number }>('POST', '/api/admin/appointment/create', {
        token: key,
        form,
        headers,
      });
      expect(again.status).toBe(201);
      expect(again.body.id).toBe(first.body.id);
      const other = await server.rest('POST', '/api/admin/appointment/create', {
        token: key,
        form: { ...form, name: 'Piet Bakker-de Wit' },
        headers,
      });
      expect(other).toMatchObject({ status: 422, body: { message: 'IDEMPOTENCY_KEY_REUSED' } });
      expect(await server.em().count(Order, { referenceNumber: form.reference_number }, INCLUDING_DELETED)).toBe(1);

      const kept = () =>
        server
          .em()
          .getConnection()
          .execute<{ n: number }[]>(`select count(*)::int as n from idempotency_keys where key = 'legacy-1'`);
      await deleteExpiredApiClientRows(server.services, new Date(NOW.getTime() - 24 * HOUR));
      expect((await kept())[0].n).toBe(1);
      await deleteExpiredApiClientRows(server.services, new Date(NOW.getTime() + 60_000));
      expect((await kept())[0].n).toBe(0);
    });
  });
});
