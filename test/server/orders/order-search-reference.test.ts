import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSearchProblem } from '../../../shared/order-search.js';
import { createAdmin, createOrder, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const ORDERS = `query ($filter: OrderFilterInput) {
  orders(filter: $filter, first: 50) { totalCount edges { node { referenceNumber } } }
}`;

interface OrdersPage {
  orders: { totalCount: number; edges: { node: { referenceNumber: string } }[] };
}

const TOO_SHORT =
  'Zoek op minstens 3 letters of cijfers achter elkaar, een postcode, minstens 6 cijfers van een telefoonnummer of een hele referentie: een korte (zoals DS-3) wordt exact gevonden.';

describe('a short reference in the order search', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer();
    const em = server.em();
    token = tokensFor(server).admin(await createAdmin(em));
    const at = new Date(Date.UTC(2027, 2, 3, 9));
    for (const referenceNumber of ['DS-3', 'DS-30', 'XDS-3', 'A7']) {
      await createOrder(em, { referenceNumber, name: `Klant ${referenceNumber}`, appointment: at });
    }
    await createOrder(em, { referenceNumber: 'DS-4', appointment: at, deletedAt: at });
  });
  afterAll(() => server.stop());

  const search = async (text: string, extra: Record<string, unknown> = {}) => {
    const { body } = await server.graphql<OrdersPage>(
      ORDERS,
      { filter: { search: text, ...extra } },
      { token, headers: { 'accept-language': 'nl' } },
    );
    return body;
  };
  const found = async (text: string, extra: Record<string, unknown> = {}) => {
    const body = await search(text, extra);
    expect(body.errors).toBeUndefined();
    return body.data!.orders.edges.map((edge) => edge.node.referenceNumber).sort();
  };

  it('finds the order whose reference it is exactly, not the references that contain it', async () => {
    expect(await found('DS-3')).toEqual(['DS-3']);
    expect(await found('  A7 ')).toEqual(['A7']);
    // Read out by a caller, typed in small letters.
    expect(await found('ds-3')).toEqual(['DS-3']);
    // Deleted orders are found by their reference too, unless the list leaves them out.
    expect(await found('DS-4')).toEqual(['DS-4']);
    expect(await found('DS-4', { deleted: false })).toEqual([]);
    expect(await found('DS-9')).toEqual([]);
  });

  it('is accepted by the order list before it sends, like on the server', () => {
    expect(orderSearchProblem('DS-3')).toBeNull();
    expect(orderSearchProblem('a1')).toBeNull();
    expect(orderSearchProblem('ab')).toBe('SEARCH_TOO_SHORT');
    expect(orderSearchProblem('12')).toBe('SEARCH_TOO_SHORT');
  });

  it('still refuses other short texts with the same message', async () => {
    for (const text of ['ab', '12', 'a.b', 'D-', '-3', '...', 'DS 3']) {
      const body = await search(text);
      expect(body.errors?.[0]?.extensions?.code, text).toBe('BAD_USER_INPUT');
      expect(body.errors?.[0]?.message, text).toBe(TOO_SHORT);
    }
  });
});
