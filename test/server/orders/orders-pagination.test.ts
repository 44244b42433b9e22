import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import type { Technician } from '../../../server/technicians/technician.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const ORDERS = `query ($filter: OrderFilterInput, $first: Int, $after: String) {
  orders(filter: $filter, first: $first, after: $after) {
    totalCount
    edges { cursor node { id referenceNumber appointment } }
    pageInfo { startCursor endCursor hasNextPage }
  }
}`;

interface OrdersPage {
  orders: {
    totalCount: number;
    edges: { cursor: string; node: { id: number; referenceNumber: string; appointment: string } }[];
    pageInfo: { startCursor: string | null; endCursor: string | null; hasNextPage: boolean };
  };
}

const hour = (day: number, h: number) => new Date(Date.UTC(2027, 0, day, h));

describe('the paginated orders query', () => {
  let server: TestServer;
  let token: string;
  let jan: Technician;
  let anna: Technician;

  beforeAll(async () => {
    server = await startTestServer();
    const em = server.em();
    token = tokensFor(server).admin(await createAdmin(em));
    jan = await createTechnician(em, { personalNumber: 'NP1' });
    anna = await createTechnician(em, { personalNumber: 'NP2' });
  });
  afterAll(() => server.stop());

  const page = async (variables: Record<string, unknown>) => {
    const { body } = await server.graphql<OrdersPage>(ORDERS, variables, { token });
    expect(body.errors).toBeUndefined();
    return body.data!.orders;
  };

  it('walks all orders once, without duplicates or gaps, while orders are added between pages', async () => {
    const em = server.em();
    const filter = { technician: 'NP1' };
    // Several orders share an appointment, so the id must break ties for the order to be stable.
    const original: number[] = [];
    for (let i = 0; i < 25; i++) {
      const created = await createOrder(em, { appointment: hour(10 + (i % 5), 8 + (i % 3)), technician: jan });
      original.push(created.id);
    }
    await createOrder(em, { appointment: hour(12, 8), technician: anna });

    const seen: number[] = [];
    const appointments: string[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const result: OrdersPage['orders'] = await page({ filter, first: 7, after });
      pages++;
      seen.push(...result.edges.map((edge) => edge.node.id));
      appointments.push(...result.edges.map((edge) => edge.node.appointment));
      // Between pages, others add orders before, inside and after the part already read.
      await createOrder(em, { appointment: hour(9, 8), technician: jan });
      await createOrder(em, { appointment: hour(12, 9), technician: jan });
      await createOrder(em, { appointment: hour(20, 8), technician: jan });
      if (!result.pageInfo.hasNextPage) break;
      after = result.pageInfo.endCursor;
      expect(pages).toBeLessThan(20);
    }

    expect(new Set(seen).size).toBe(seen.length);
    for (const id of original) expect(seen).toContain(id);
    const sorted = [...appointments].sort();
    expect(appointments).toEqual(sorted);
  });

  it('orders by appointment, then id, and counts all matches', async () => {
    const em = server.em();
    const tech = await createTechnician(em, { personalNumber: 'NP3' });
    const later = await createOrder(em, { appointment: hour(5, 10), technician: tech });
    const tieB = await createOrder(em, { appointment: hour(5, 8), technician: tech });
    const tieA = await createOrder(em, { appointment: hour(5, 8), technician: tech });
    const first = await page({ filter: { technician: 'NP3' }, first: 2 });
    expect(first.totalCount).toBe(3);
    expect(first.edges.map((edge) => edge.node.id)).toEqual([tieB.id, tieA.id]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect(first.pageInfo.startCursor).toBe(first.edges[0].cursor);
    const second = await page({ filter: { technician: 'NP3' }, first: 2, after: first.pageInfo.endCursor });
    expect(second.edges.map((edge) => edge.node.id)).toEqual([later.id]);
    expect(second.pageInfo).toMatchObject({ hasNextPage: false, endCursor: second.edges[0].cursor });
  });

  it('filters by date range, country, reference number and deletion', async () => {
    const em = server.em();
    const tech = await createTechnician(em, { personalNumber: 'NP4' });
    const inRange = await createOrder(em, { appointment: hour(3, 8), technician: tech, referenceNumber: 'PG-1' });
    await createOrder(em, { appointment: hour(4, 8), technician: tech });
    const belgian = await createOrder(em, {
      appointment: hour(3, 9),
      technician: tech,
      country: Country.BE,
      zipcode: '1000',
    });
    const deleted = await createOrder(em, { appointment: hour(3, 10), technician: tech, deletedAt: new Date() });
    const ids = async (filter: Record<string, unknown>) =>
      (await page({ filter: { technician: 'NP4', ...filter } })).edges.map((edge) => edge.node.id);

    const range = { from: hour(3, 0).toISOString(), to: hour(4, 0).toISOString() };
    expect(await ids(range)).toEqual([inRange.id, belgian.id, deleted.id]);
    expect(await ids({ ...range, deleted: false })).toEqual([inRange.id, belgian.id]);
    expect(await ids({ deleted: true })).toEqual([deleted.id]);
    expect(await ids({ country: 'BE' })).toEqual([belgian.id]);
    expect(await ids({ referenceNumber: 'PG-1' })).toEqual([inRange.id]);
    expect(await ids({ to: hour(3, 8).toISOString() })).toEqual([]);
  });

  it('refuses a forged cursor, a page size out of range and an unknown technician, clearly', async () => {
    const codeAndMessage = async (variables: Record<string, unknown>) => {
      const { body } = await server.graphql(ORDERS, variables, { token });
      return [body.errors?.[0].extensions?.code, body.errors?.[0].message];
    };
    expect(await codeAndMessage({ after: 'bm90LWEtY3Vyc29y' })).toEqual([
      'INVALID_CURSOR',
      'Deze cursor is ongeldig; gebruik de endCursor van de vorige pagina.',
    ]);
    expect(await codeAndMessage({ after: Buffer.from('["x", 1]').toString('base64url') })).toEqual([
      'INVALID_CURSOR',
      'Deze cursor is ongeldig; gebruik de endCursor van de vorige pagina.',
    ]);
    const farFuture = Buffer.from('["+275760-09-13T00:00:00.000Z", 1]').toString('base64url');
    expect((await codeAndMessage({ after: farFuture }))[0]).toBe('INVALID_CURSOR');
    expect(await codeAndMessage({ first: 0 })).toEqual([
      'BAD_USER_INPUT',
      'Vraag tussen 1 en 100 items per pagina op.',
    ]);
    expect(await codeAndMessage({ first: 101 })).toEqual([
      'BAD_USER_INPUT',
      'Vraag tussen 1 en 100 items per pagina op.',
    ]);
    expect((await codeAndMessage({ filter: { technician: 'N-nobody' } }))[0]).toBe('UNKNOWN_TECHNICIAN');
  });

  it('refuses a cursor whose text PostgreSQL cannot take (NUL, half a character, very long) as INVALID_CURSOR', async () => {
    const byName = `query ($after: String) { orders(sort: { field: NAME, direction: ASC }, after: $after) { totalCount } }`;
    const forged = (value: string) => Buffer.from(JSON.stringify([value, 1]), 'utf8').toString('base64url');
    for (const after of [forged('Jan\u0000'), forged('\ud800x'), forged('x'.repeat(600)), 'A'.repeat(2000)]) {
      const { status, body } = await server.graphql(byName, { after }, { token });
      expect(status).toBe(400);
      expect(body.errors?.map((error) => error.extensions?.code)).toEqual(['INVALID_CURSOR']);
      expect(body.errors?.[0].message).toBe('Deze cursor is ongeldig; gebruik de endCursor van de vorige pagina.');
    }
    // A cursor the list itself wrote still works.
    const { body } = await server.graphql(byName, { after: forged('Jan') }, { token });
    expect(body.errors).toBeUndefined();
  });

  it('is for admins only', async () => {
    expect((await server.graphql(ORDERS, {})).body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const asTechnician = await server.graphql(ORDERS, {}, { token: tokensFor(server).technician(jan) });
    expect(asTechnician.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});
