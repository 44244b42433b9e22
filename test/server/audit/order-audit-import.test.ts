import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderEvent } from '../../../server/audit/order-event.entity.js';
import { orderValues } from '../../../server/audit/order-values.js';
import { Order } from '../../../server/orders/order.entity.js';
import { createAdmin, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { postGraphQLUpload } from '../../utils/upload.js';
import { INCLUDING_DELETED } from '../../../server/orders/repository/active-orders.js';

const IMPORT = /* GraphQL */ `
  mutation ($file: Upload!) {
    importOrders(country: NL, file: $file) {
      __typename
      ... on ImportOrdersSuccess {
        created
        updated
        unchanged
      }
      ... on ImportRowErrors {
        errorCount
      }
    }
  }
`;

const HISTORY = /* GraphQL */ `
  query ($orderId: Int!) {
    orderHistory(orderId: $orderId) {
      edges {
        node {
          kind
          actor {
            type
            name
            importFileName
          }
          changes {
            field
            before
            after
          }
        }
      }
    }
  }
`;

interface HistoryData {
  orderHistory: {
    edges: {
      node: {
        kind: string;
        actor: { type: string; name: string | null; importFileName: string | null };
        changes: { field: string; before: string | null; after: string | null }[];
      };
    }[];
  };
}

const HEADER = 'reference_number;name;email;phone;zipcode;house_number;city;date;time;technician;flag';
const csv = (...lines: string[]) => [HEADER, ...lines].join('\r\n') + '\r\n';
const ROW_1 = 'IMP-1;Anna Jansen;anna@example.test;06 12345678;1234 AB;12;Utrecht;23-11-2026;09:30;N-IMP;1';
const ROW_2 = 'IMP-2;Piet Bakker;piet@example.test;06 23456789;3511 CD;4;Utrecht;24-11-2026;08:00/11:00;;0';

describe('audit trail of the CSV import', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer();
    const em = server.em();
    token = tokensFor(server).admin(await createAdmin(em, { firstname: 'Ilse', lastname: 'de Boer' }));
    await createTechnician(em, { personalNumber: 'N-IMP' });
  });
  afterAll(() => server.stop());

  const importFile = async (content: string, name = 'orders.csv') => {
    const { body } = await postGraphQLUpload<{ importOrders: Record<string, unknown> }>(
      server.url,
      IMPORT,
      {},
      'file',
      { name, content },
      { token },
    );
    return body;
  };
  const events = async (referenceNumber: string) => {
    const order = await server.em().findOneOrFail(Order, { referenceNumber }, INCLUDING_DELETED);
    const { body } = await server.graphql<HistoryData>(HISTORY, { orderId: order.id }, { token });
    expect(body.errors).toBeUndefined();
    return body.data!.orderHistory.edges.map((edge) => edge.node);
  };
  const eventCount = () => server.em().count(OrderEvent, {});

  it('records each created order with all its values, as the SQL of the import wrote them', async () => {
    const body = await importFile(csv(ROW_1, ROW_2), 'december.csv');
    expect(body.data?.importOrders).toEqual({
      __typename: 'ImportOrdersSuccess',
      created: 2,
      updated: 0,
      unchanged: 0,
    });
    const [created] = await events('IMP-1');
    expect(created.kind).toBe('IMPORT_CREATED');
    expect(created.actor).toEqual({ type: 'IMPORT', name: 'Ilse de Boer', importFileName: 'december.csv' });
    // The event holds exactly what a service would have recorded for the stored order.
    const stored = await server
      .em()
      .findOneOrFail(Order, { referenceNumber: 'IMP-1' }, { ...INCLUDING_DELETED, populate: ['technician'] });
    const event = await server.em().findOneOrFail(OrderEvent, { order: stored.id });
    expect(event.before).toBeNull();
    expect(event.after).toEqual(orderValues(stored));
    expect(created.changes.find((change) => change.field === 'appointment')).toEqual({
      field: 'appointment',
      before: null,
      after: '2026-11-23T07:00:00.000Z',
    });
    expect(await eventCount()).toBe(2);
  });

  it('records nothing for rows equal to the stored orders', async () => {
    const body = await importFile(csv(ROW_1, ROW_2));
    expect(body.data?.importOrders).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect(await eventCount()).toBe(2);
  });

  it('records only the changed values of an updated order', async () => {
    const changed = ROW_1.replace('Utrecht;23-11-2026;09:30', 'Amersfoort;23-11-2026;12:00/15:00');
    const body = await importFile(csv(changed, ROW_2), 'correctie.csv');
    expect(body.data?.importOrders).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    const [updated] = await events('IMP-1');
    expect(updated).toEqual({
      kind: 'IMPORT_UPDATED',
      actor: { type: 'IMPORT', name: 'Ilse de Boer', importFileName: 'correctie.csv' },
      changes: [
        { field: 'city', before: 'Utrecht', after: 'Amersfoort' },
        { field: 'appointment', before: '2026-11-23T07:00:00.000Z', after: '2026-11-23T11:00:00.000Z' },
      ],
    });
    expect(await events('IMP-2')).toHaveLength(1);
  });

  it('records a changed technician by personal number, before and after', async () => {
    const reassigned = ROW_2.replace(';;0', ';N-IMP;0');
    await importFile(csv(reassigned));
    const [updated] = await events('IMP-2');
    expect(updated.changes).toEqual([{ field: 'technician', before: null, after: 'N-IMP' }]);
  });

  it('records nothing when the file is refused', async () => {
    const before = await eventCount();
    const body = await importFile(csv(ROW_1.replace('Utrecht', 'Zwolle'), 'IMP-3;;x;1;1;1;1;1;1;;0'));
    expect(body.data?.importOrders.__typename).toBe('ImportRowErrors');
    expect(await eventCount()).toBe(before);
  });

  it('writes the events in the import transaction: when recording fails, no order is written', async () => {
    const em = server.em();
    await em.execute(`create function refuse_event() returns trigger language plpgsql as
      $$ begin raise exception 'audit refused'; end $$`);
    await em.execute(
      `create trigger refuse_event before insert on order_events for each statement execute function refuse_event()`,
    );
    try {
      const row = 'IMP-9;Nooit Opgeslagen;nooit@example.test;06 34567890;1234 AB;1;Utrecht;25-11-2026;09:30;;0';
      const body = await importFile(csv(row, ROW_1.replace('Utrecht', 'Zwolle')));
      expect(body.errors?.[0].extensions?.code).toBe('INTERNAL_SERVER_ERROR');
    } finally {
      await em.execute('drop trigger refuse_event on order_events');
      await em.execute('drop function refuse_event()');
    }
    expect(await server.em().count(Order, { referenceNumber: 'IMP-9' }, INCLUDING_DELETED)).toBe(0);
    expect((await server.em().findOneOrFail(Order, { referenceNumber: 'IMP-1' }, INCLUDING_DELETED)).city).toBe(
      'Amersfoort',
    );
  });
});
