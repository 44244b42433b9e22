import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const OPEN = `query ($id: Int!) { technicianOpenOrders(id: $id) { count orders { referenceNumber } } }`;

interface Open {
  technicianOpenOrders: { count: number; orders: { referenceNumber: string }[] };
}

describe("a technician's orders still to visit, asked before the delete", () => {
  let server: TestServer;
  let admin: string;
  let busy: number;
  let idle: number;
  let technicianToken: string;

  beforeAll(async () => {
    server = await startTestServer({ env: { CLOCK_NOW: '2026-12-01T10:00:00+01:00' } });
    const em = server.em();
    admin = tokensFor(server).admin(await createAdmin(em));
    const leaving = await createTechnician(em);
    const other = await createTechnician(em);
    busy = leaving.id;
    idle = other.id;
    technicianToken = tokensFor(server).technician(other);
    // Yesterday's visit is done; today's and later ones are still to be made, 55 of them; a deleted one is not.
    await createOrder(em, {
      referenceNumber: 'TO-PAST',
      technician: leaving,
      appointment: new Date('2026-11-30T08:00:00Z'),
    });
    await createOrder(em, {
      referenceNumber: 'TO-DELETED',
      technician: leaving,
      appointment: new Date('2026-12-02T08:00:00Z'),
      deletedAt: new Date('2026-11-30T08:00:00Z'),
    });
    for (let n = 0; n < 55; n++) {
      await createOrder(em, {
        referenceNumber: `TO-${String(n).padStart(2, '0')}`,
        technician: leaving,
        appointment: new Date(Date.UTC(2026, 11, 1, 7) + n * 3_600_000),
      });
    }
  });
  afterAll(() => server.stop());

  const open = (id: number, token = admin) => server.graphql<Open>(OPEN, { id }, { token });

  it('counts them all and lists the first 50 by appointment, from today on, without the deleted', async () => {
    const { body } = await open(busy);
    expect(body.errors).toBeUndefined();
    expect(body.data!.technicianOpenOrders.count).toBe(55);
    const refs = body.data!.technicianOpenOrders.orders.map((order) => order.referenceNumber);
    expect(refs).toHaveLength(50);
    expect(refs[0]).toBe('TO-00');
    expect(refs.at(-1)).toBe('TO-49');
    expect((await open(idle)).body.data!.technicianOpenOrders).toEqual({ count: 0, orders: [] });
  });

  it('weighs as a list in the cost limit: many aliases of it are refused', async () => {
    const aliases = Array.from({ length: 7 }, (_, n) => `o${n}: technicianOpenOrders(id: ${busy}) { count }`);
    const { body } = await server.graphql(`{ ${aliases.join(' ')} }`, {}, { token: admin });
    expect(body.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('is for admins only, and answers NOT_FOUND for an unknown technician', async () => {
    expect((await open(busy, technicianToken)).body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await open(999_999)).body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});
