import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Order } from '../../../server/orders/order.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const LOOK_UP = /* GraphQL */ `
  mutation ($input: LookUpVisitsInput!) {
    lookUpVisits(input: $input) {
      dataToken
    }
  }
`;
const VISITS = '{ consumerVisits { referenceNumber name } }';

describe('data token scope', () => {
  let server: TestServer;
  let mine: Order;
  let neighbours: Order;
  let myToken: string;
  let neighbourToken: string;

  beforeAll(async () => {
    server = await startTestServer({ env: { CLOCK_NOW: '2026-11-23T15:00:00+01:00' } });
    const em = server.em();
    mine = await createOrder(em, {
      referenceNumber: 'MINE-1',
      name: 'Mijn Naam',
      zipcode: '1234AB',
      houseNumber: '12',
      appointment: new Date('2026-11-24T08:00:00+01:00'),
    });
    neighbours = await createOrder(em, {
      referenceNumber: 'NEIGHBOUR-1',
      name: 'Buur Naam',
      zipcode: '1234AB',
      houseNumber: '14',
      appointment: new Date('2026-11-24T11:00:00+01:00'),
    });
    const lookUp = async (houseNumber: string) => {
      const { body } = await server.graphql<{ lookUpVisits: { dataToken: string } }>(LOOK_UP, {
        input: { country: 'NL', zipcode: '1234AB', houseNumber },
      });
      return body.data!.lookUpVisits.dataToken;
    };
    myToken = await lookUp('12');
    neighbourToken = await lookUp('14');
  });
  afterAll(() => server.stop());

  it('reads only the orders of its own address, through GraphQL', async () => {
    const own = await server.graphql(VISITS, {}, { token: myToken });
    expect(own.body.data).toEqual({ consumerVisits: [{ referenceNumber: 'MINE-1', name: 'Mijn Naam' }] });
    const other = await server.graphql(VISITS, {}, { token: neighbourToken });
    expect(other.body.data).toEqual({ consumerVisits: [{ referenceNumber: 'NEIGHBOUR-1', name: 'Buur Naam' }] });
  });

  it('reads only the orders of its own address, through REST', async () => {
    const { body } = await server.rest<{ reference_number: string }[]>('GET', '/api/appointment/', {
      token: myToken,
    });
    expect(body.map((visit) => visit.reference_number)).toEqual(['MINE-1']);
  });

  it('cannot be widened: a token with another order id in it is not accepted', async () => {
    const [header, payload, signature] = myToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { orders: number[] };
    claims.orders = [mine.id, neighbours.id];
    const widened = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    const graphql = await server.graphql(VISITS, {}, { token: widened });
    expect(graphql.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(await server.rest('GET', '/api/appointment/', { token: widened })).toMatchObject({
      status: 401,
      body: { message: 'UNAUTHENTICATED' },
    });
  });

  it('opens nothing else: admin and technician operations and order fields are refused', async () => {
    for (const query of ['{ holidays { date } }', '{ technicians { email } }', '{ currentAdmin { email } }']) {
      const { body } = await server.graphql(query, {}, { token: myToken });
      expect({ query, code: body.errors?.[0].extensions?.code }).toEqual({ query, code: 'FORBIDDEN' });
    }
    expect(await server.rest('GET', '/api/admin/holidays', { token: myToken })).toMatchObject({ status: 403 });
  });

  it('is for consumers only: staff tokens cannot read consumer visits', async () => {
    const em = server.em();
    const admin = tokensFor(server).admin(await createAdmin(em));
    const technician = tokensFor(server).technician(await createTechnician(em));
    for (const token of [admin, technician]) {
      const { body } = await server.graphql(VISITS, {}, { token });
      expect(body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    expect((await server.graphql(VISITS)).body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('stops showing an order once it is deleted', async () => {
    const em = server.em();
    const extra = await createOrder(em, {
      zipcode: '5555ZZ',
      houseNumber: '5',
      appointment: new Date('2026-11-25T08:00:00+01:00'),
    });
    const { body } = await server.graphql<{ lookUpVisits: { dataToken: string } }>(LOOK_UP, {
      input: { country: 'NL', zipcode: '5555ZZ', houseNumber: '5' },
    });
    const token = body.data!.lookUpVisits.dataToken;
    expect((await server.graphql(VISITS, {}, { token })).body.data).toEqual({
      consumerVisits: [{ referenceNumber: extra.referenceNumber, name: extra.name }],
    });
    await em.nativeUpdate(Order, { id: extra.id }, { deletedAt: new Date() });
    expect((await server.graphql(VISITS, {}, { token })).body.data).toEqual({ consumerVisits: [] });
  });

  it('expires after two hours', async () => {
    const clock = server.services.clock;
    const now = clock.now();
    try {
      clock.travelTo(new Date(now.getTime() + 2 * 3600_000 + 1000));
      const { body } = await server.graphql(VISITS, {}, { token: myToken });
      expect(body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    } finally {
      clock.travelTo(now);
    }
  });
});
