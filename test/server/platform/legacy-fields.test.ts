import { isObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppSchema } from '../../../server/schema.js';
import { createAdmin, createOrder, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

interface ExternalView {
  referenceNumber: string;
  externalCompany: number | null;
  externalPartner: string | null;
}

const FIELDS = 'referenceNumber externalCompany externalPartner';

/**
 * The order's external company as a number is a legacy form: the schema names the company (`externalPartner`),
 * and the number stays for integrators written against it, answered by the legacy adapter's field resolver.
 */
describe('the deprecated externalCompany of an order', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer();
    server.services.clock.travelTo(new Date('2026-11-23T10:00:00Z'));
    const em = server.em();
    token = tokensFor(server).admin(await createAdmin(em));
    await createOrder(em, {
      referenceNumber: 'EXT-B',
      appointment: new Date('2026-11-24T08:00:00Z'),
      externalCompany: 1,
    });
    await createOrder(em, {
      referenceNumber: 'EXT-A',
      appointment: new Date('2026-11-24T09:00:00Z'),
      externalCompany: 0,
    });
    await createOrder(em, { referenceNumber: 'OWN', appointment: new Date('2026-11-24T10:00:00Z') });
  });
  afterAll(() => server.stop());

  it('answers the stored number beside the name, and null for a visit we make ourselves', async () => {
    const byReference = async (referenceNumber: string) => {
      const { body } = await server.graphql<{ orderByReference: ExternalView }>(
        `query ($ref: String!) { orderByReference(referenceNumber: $ref) { ${FIELDS} } }`,
        { ref: referenceNumber },
        { token },
      );
      expect(body.errors).toBeUndefined();
      return body.data!.orderByReference;
    };
    expect(await byReference('EXT-B')).toEqual({
      referenceNumber: 'EXT-B',
      externalCompany: 1,
      externalPartner: 'ServicePartner B',
    });
    expect(await byReference('EXT-A')).toEqual({
      referenceNumber: 'EXT-A',
      externalCompany: 0,
      externalPartner: 'ServicePartner A',
    });
    expect(await byReference('OWN')).toEqual({ referenceNumber: 'OWN', externalCompany: null, externalPartner: null });
  });

  it('answers it in the order list too, whose rows come from the search', async () => {
    const { body } = await server.graphql<{ orders: { edges: { node: ExternalView }[] } }>(
      `{ orders(first: 10) { edges { node { ${FIELDS} } } } }`,
      {},
      { token },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data!.orders.edges.map(({ node }) => node)).toEqual([
      { referenceNumber: 'EXT-B', externalCompany: 1, externalPartner: 'ServicePartner B' },
      { referenceNumber: 'EXT-A', externalCompany: 0, externalPartner: 'ServicePartner A' },
      { referenceNumber: 'OWN', externalCompany: null, externalPartner: null },
    ]);
  });

  it('stays marked deprecated in the schema, naming the field to use instead', async () => {
    const order = (await buildAppSchema()).getType('Order');
    expect(isObjectType(order) ? order.getFields().externalCompany?.deprecationReason : undefined).toBe(
      'Use `externalPartner`, the company by name.',
    );
  });
});
