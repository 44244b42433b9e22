import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { normalizePhone, normalizeZipcode } from '../../../server/orders/address-normalization.js';
import { Order } from '../../../server/orders/order.entity.js';
import { SiteVisit } from '../../../server/statistics/site-visit.entity.js';
import { createAdmin, createOrder, tokensFor, type OrderOverrides } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { INCLUDING_DELETED } from '../../../server/orders/repository/active-orders.js';

const LIST = /* GraphQL */ `
  query ($filter: OrderFilterInput) {
    orders(filter: $filter, first: 100) {
      totalCount
      edges {
        node {
          referenceNumber
          informed {
            lookupCount
          }
        }
      }
    }
  }
`;

interface ListData {
  orders: { totalCount: number; edges: { node: { referenceNumber: string; informed: { lookupCount: number } } }[] };
}

const LOOK_UP = /* GraphQL */ `
  mutation ($input: LookUpVisitsInput!) {
    lookUpVisits(input: $input) {
      sign
    }
  }
`;

/** Monday 23 November 2026, 10:00 in Amsterdam. */
const NOW = new Date('2026-11-23T10:00:00+01:00');
const CREATED = new Date('2026-11-01T09:00:00+01:00');
const FROM = '2026-11-20T00:00:00Z';
const at = (text: string) => new Date(text);

/**
 * The order list's informed filter reads a column the database keeps (a lookup by the same customer that listed
 * the order). Whatever changes the lookups or the orders, the filter must give what the order's own figure,
 * worked out from the lookups themselves, gives.
 */
describe('the informed filter follows every change of lookups and orders', () => {
  let server: TestServer;
  let token: string;

  const order = (ref: string, overrides: Omit<OrderOverrides, 'appointment'> & { at: string }) => {
    const { at: appointment, ...rest } = overrides;
    return createOrder(server.em(), {
      referenceNumber: `IF-${ref}`,
      createdAt: CREATED,
      zipcode: '1111 AA',
      houseNumber: '5',
      ...rest,
      appointment: at(appointment),
    });
  };
  const visit = async (target: Order, when: string) => {
    const em = server.em();
    em.create(SiteVisit, { visitedAt: at(when), order: target.id, userAgent: 'test', browser: 'Chrome', os: 'Linux' });
    await em.flush();
  };
  const change = async (target: Order, fields: Partial<Order>) => {
    const em = server.em();
    const found = await em.findOneOrFail(Order, target.id, INCLUDING_DELETED);
    em.assign(found, fields);
    await em.flush();
  };

  /** The references the filter gives, after checking each against the order's own figure. */
  const informed = async (): Promise<string[]> => {
    const refs: Record<'yes' | 'no', string[]> = { yes: [], no: [] };
    for (const [key, value] of [
      ['yes', true],
      ['no', false],
    ] as const) {
      const { body } = await server.graphql<ListData>(LIST, { filter: { informed: value, from: FROM } }, { token });
      expect(body.errors).toBeUndefined();
      for (const { node } of body.data!.orders.edges) {
        expect(node.informed.lookupCount > 0, `${node.referenceNumber} informed: ${key}`).toBe(value);
        refs[key].push(node.referenceNumber);
      }
    }
    const all = [...refs.yes, ...refs.no].filter((ref) => ref.startsWith('IF-'));
    expect(all.length).toBe(new Set(all).size);
    return refs.yes.filter((ref) => ref.startsWith('IF-')).sort();
  };

  beforeAll(async () => {
    server = await startTestServer({ env: { CLOCK_NOW: NOW.toISOString() } });
    token = tokensFor(server).admin(await createAdmin(server.em()));
  });
  afterAll(() => server?.stop());

  it('counts a lookup for every order of the customer it listed, from when it was recorded', async () => {
    const a1 = await order('A1', { at: '2026-11-24T08:00:00+01:00' });
    await order('A2', { at: '2026-11-25T14:00:00+01:00' });
    await order('B', { zipcode: '2222 BB', houseNumber: '1', at: '2026-11-24T10:00:00+01:00' });
    expect(await informed()).toEqual([]);
    await visit(a1, '2026-11-22T15:00:00+01:00');
    expect(await informed()).toEqual(['IF-A1', 'IF-A2']);
  });

  it('counts a real lookup, written behind in a batch', async () => {
    const belgian = { country: Country.BE, zipcode: '1000', phone: '0470 11 22 33' };
    await order('P1', { ...belgian, at: '2026-11-24T09:00:00+01:00' });
    await order('P2', { ...belgian, at: '2026-11-27T09:00:00+01:00' });
    const { body } = await server.graphql(LOOK_UP, { input: { country: 'BE', phoneNumber: '+32 470 11 22 33' } });
    expect(body.errors).toBeUndefined();
    await server.services.siteVisits.flush();
    expect(await informed()).toEqual(['IF-A1', 'IF-A2', 'IF-P1', 'IF-P2']);
  });

  it('counts earlier lookups for an order made back-dated, not for one made after them', async () => {
    await order('A3', { at: '2026-11-26T09:00:00+01:00' });
    await order('A4', { at: '2026-11-26T13:00:00+01:00', createdAt: at('2026-11-22T16:00:00+01:00') });
    expect(await informed()).toEqual(['IF-A1', 'IF-A2', 'IF-A3', 'IF-P1', 'IF-P2']);
  });

  it('moves with a changed address, taking the lookups recorded on the order along', async () => {
    const b = await server.em().findOneOrFail(Order, { referenceNumber: 'IF-B' }, INCLUDING_DELETED);
    // B moves to A's address: A's lookup listed it too.
    await change(b, { zipcode: normalizeZipcode('1111 AA'), houseNumber: 5 });
    expect(await informed()).toEqual(['IF-A1', 'IF-A2', 'IF-A3', 'IF-B', 'IF-P1', 'IF-P2']);
    // A1, on which the lookup was recorded, moves away: the lookup goes with it.
    const a1 = await server.em().findOneOrFail(Order, { referenceNumber: 'IF-A1' }, INCLUDING_DELETED);
    await change(a1, { zipcode: normalizeZipcode('9999 ZZ') });
    expect(await informed()).toEqual(['IF-A1', 'IF-P1', 'IF-P2']);
    // The Belgian customer's second order gets another number: the lookup (recorded on the first) no longer counts.
    const p2 = await server.em().findOneOrFail(Order, { referenceNumber: 'IF-P2' }, INCLUDING_DELETED);
    await change(p2, { phone: '0470 99 99 99', phoneNormalized: normalizePhone('0470 99 99 99') });
    expect(await informed()).toEqual(['IF-A1', 'IF-P1']);
  });

  it('follows a rescheduled window: a lookup after the window ended does not count until it moves later', async () => {
    const c = await order('C', { zipcode: '3333 CC', houseNumber: '1', at: '2026-11-21T08:00:00+01:00' });
    await visit(c, '2026-11-22T09:00:00+01:00');
    expect(await informed()).toEqual(['IF-A1', 'IF-P1']);
    await change(c, { appointment: at('2026-11-24T08:00:00+01:00') });
    expect(await informed()).toEqual(['IF-A1', 'IF-C', 'IF-P1']);
  });

  it('forgets removed lookups and the lookups of a removed order', async () => {
    const connection = server.em().getConnection();
    const [c] = await connection.execute<{ id: number }[]>(`select id from orders where reference_number = 'IF-C'`);
    await connection.execute(`delete from site_visits where order_id = ?`, [c.id]);
    expect(await informed()).toEqual(['IF-A1', 'IF-P1']);
    // Orders are deleted softly by the application; a removal by hand must not leave others informed either.
    await order('C2', { zipcode: '3333 CC', houseNumber: '1', at: '2026-11-25T08:00:00+01:00' });
    const earlier = await order('H', { zipcode: '3333 CC', houseNumber: '1', at: '2026-11-20T08:00:00+01:00' });
    await visit(earlier, '2026-11-22T09:00:00+01:00');
    expect(await informed()).toEqual(['IF-A1', 'IF-C', 'IF-C2', 'IF-P1']);
    await connection.execute(`delete from orders where id = ?`, [earlier.id]);
    expect(await informed()).toEqual(['IF-A1', 'IF-P1']);
  });
});
