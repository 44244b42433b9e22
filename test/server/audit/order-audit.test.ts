import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Admin } from '../../../server/admins/admin.entity.js';
import { recordOrderEvents } from '../../../server/audit/order-audit.js';
import { OrderEventKind } from '../../../server/audit/order-event-kind.js';
import { OrderEvent } from '../../../server/audit/order-event.entity.js';
import { Role } from '../../../server/common/auth/role.js';
import { Country, Language } from '../../../server/common/locale.js';
import { instantOf } from '../../../shared/zoned-time.js';
import type { AppContext } from '../../../server/context.js';
import { Order } from '../../../server/orders/order.entity.js';
import type { Technician } from '../../../server/technicians/technician.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { INCLUDING_DELETED } from '../../../server/orders/repository/active-orders.js';

const HISTORY = /* GraphQL */ `
  query ($orderId: Int!, $first: Int, $after: String) {
    orderHistory(orderId: $orderId, first: $first, after: $after) {
      totalCount
      edges {
        cursor
        node {
          id
          at
          kind
          actor {
            type
            name
            actingAdmin
            importFileName
          }
          changes {
            field
            before
            after
          }
        }
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`;

interface HistoryEvent {
  id: number;
  at: string;
  kind: string;
  actor: { type: string; name: string | null; actingAdmin: string | null; importFileName: string | null };
  changes: { field: string; before: string | null; after: string | null }[];
}

interface HistoryData {
  orderHistory: {
    totalCount: number;
    edges: { cursor: string; node: HistoryEvent }[];
    pageInfo: { endCursor: string | null; hasNextPage: boolean };
  };
}

const CREATE = /* GraphQL */ `
  mutation ($input: CreateOrderInput!) {
    createOrder(input: $input) {
      id
    }
  }
`;
const REASSIGN = /* GraphQL */ `
  mutation ($input: ReassignOrderInput!) {
    reassignOrder(input: $input) {
      id
    }
  }
`;
const DELETE = /* GraphQL */ `
  mutation ($id: Int!) {
    deleteOrder(id: $id) {
      id
    }
  }
`;
const MIGRATE = /* GraphQL */ `
  mutation ($input: MigrateOrdersInput!) {
    migrateOrders(input: $input) {
      orders {
        id
      }
    }
  }
`;
const CONFIRM = /* GraphQL */ `
  mutation ($input: ConfirmScheduleInput!) {
    confirmSchedule(input: $input) {
      schedule {
        locked
      }
    }
  }
`;

const NL = 'Europe/Amsterdam';
/** Friday 20 November 2026, 10:00 in Amsterdam: the technicians' next working day is Saturday the 21st. */
const NOW = instantOf('2026-11-20', 10, 0, NL);

describe('audit trail of orders', () => {
  let server: TestServer;
  let admin: Admin;
  let adminToken: string;
  let anna: Technician;

  beforeAll(async () => {
    server = await startTestServer();
    server.services.clock.travelTo(NOW);
    const em = server.em();
    admin = await createAdmin(em, { firstname: 'Greet', lastname: 'Jansen' });
    adminToken = tokensFor(server).admin(admin);
    anna = await createTechnician(em, { firstname: 'Anna', lastname: 'Visser', personalNumber: 'N-AUDIT-1' });
    await createTechnician(em, { firstname: 'Bram', lastname: 'Smit', personalNumber: 'N-AUDIT-2' });
  });
  afterAll(() => server.stop());

  const history = async (orderId: number, page: { first?: number; after?: string } = {}, token = adminToken) => {
    const { body } = await server.graphql<HistoryData>(HISTORY, { orderId, ...page }, { token });
    expect(body.errors).toBeUndefined();
    return body.data!.orderHistory;
  };
  const events = async (orderId: number) => (await history(orderId, { first: 100 })).edges.map((edge) => edge.node);
  const admin$ = (query: string, variables: Record<string, unknown>) =>
    server.graphql(query, variables, { token: adminToken });

  it('records a created order with every value, the admin and the server time', async () => {
    const { body } = await admin$(CREATE, {
      input: {
        referenceNumber: 'AUD-1',
        name: 'Karin de Wit',
        email: 'karin@example.test',
        phone: '06 11112222',
        zipcode: '3511 ab',
        houseNumber: '7',
        city: 'Utrecht',
        country: 'NL',
        appointment: instantOf('2026-11-24', 9, 0, NL).toISOString(),
        technician: 'N-AUDIT-1',
      },
    });
    expect(body.errors).toBeUndefined();
    const id = (body.data as { createOrder: { id: number } }).createOrder.id;
    const [created, ...others] = await events(id);
    expect(others).toEqual([]);
    expect(created).toMatchObject({
      kind: 'CREATED',
      actor: { type: 'ADMIN', name: 'Greet Jansen', actingAdmin: null, importFileName: null },
    });
    const at = new Date(created.at).getTime();
    expect(at).toBeGreaterThanOrEqual(NOW.getTime());
    expect(at).toBeLessThan(NOW.getTime() + 60_000);
    expect(created.changes).toEqual([
      { field: 'referenceNumber', before: null, after: 'AUD-1' },
      { field: 'name', before: null, after: 'Karin de Wit' },
      { field: 'email', before: null, after: 'karin@example.test' },
      { field: 'phone', before: null, after: '06 11112222' },
      { field: 'zipcode', before: null, after: '3511AB' },
      { field: 'houseNumber', before: null, after: '7' },
      { field: 'city', before: null, after: 'Utrecht' },
      { field: 'country', before: null, after: 'NL' },
      { field: 'appointment', before: null, after: '2026-11-24T08:00:00.000Z' },
      { field: 'duration', before: null, after: '10800' },
      { field: 'technician', before: null, after: 'N-AUDIT-1' },
      { field: 'special', before: null, after: 'false' },
      { field: 'externalCompany', before: null, after: null },
    ]);
  });

  it('records a reassignment with the technician before and after, and nothing for the same technician', async () => {
    const order = await createOrder(server.em(), {
      referenceNumber: 'AUD-2',
      appointment: instantOf('2026-11-25', 9, 0, NL),
      technician: anna,
    });
    expect((await admin$(REASSIGN, { input: { referenceNumber: 'AUD-2', technician: 'N-AUDIT-2' } })).body.errors).toBe(
      undefined,
    );
    expect((await admin$(REASSIGN, { input: { referenceNumber: 'AUD-2', technician: 'N-AUDIT-2' } })).body.errors).toBe(
      undefined,
    );
    const recorded = await events(order.id);
    expect(recorded.map((event) => [event.kind, event.actor.name, event.changes])).toEqual([
      ['REASSIGNED', 'Greet Jansen', [{ field: 'technician', before: 'N-AUDIT-1', after: 'N-AUDIT-2' }]],
    ]);
  });

  it('records each migrated order, and nothing when the migration is refused', async () => {
    const em = server.em();
    const day = instantOf('2026-11-26', 9, 0, NL);
    const first = await createOrder(em, { appointment: day, technician: anna });
    const second = await createOrder(em, { appointment: day, technician: anna });
    const deleted = await createOrder(em, { appointment: day, technician: anna, deletedAt: NOW });

    const refused = await admin$(MIGRATE, {
      input: { orderIds: [first.id, deleted.id], fromTechnician: 'N-AUDIT-1', toTechnician: 'N-AUDIT-2' },
    });
    expect(refused.body.errors?.[0].extensions?.code).toBe('ORDER_DELETED');
    expect(await events(first.id)).toEqual([]);

    const moved = await admin$(MIGRATE, {
      input: { orderIds: [first.id, second.id], fromTechnician: 'N-AUDIT-1', toTechnician: 'N-AUDIT-2' },
    });
    expect(moved.body.errors).toBeUndefined();
    for (const order of [first, second]) {
      expect((await events(order.id)).map((event) => [event.kind, event.actor.type, event.changes])).toEqual([
        ['MIGRATED', 'ADMIN', [{ field: 'technician', before: 'N-AUDIT-1', after: 'N-AUDIT-2' }]],
      ]);
    }
  });

  it('records a deletion once; the refused second deletion records nothing', async () => {
    const order = await createOrder(server.em(), { appointment: instantOf('2026-11-27', 9, 0, NL), technician: anna });
    expect((await admin$(DELETE, { id: order.id })).body.errors).toBeUndefined();
    expect((await admin$(DELETE, { id: order.id })).body.errors?.[0].extensions?.code).toBe('ORDER_DELETED');
    expect((await events(order.id)).map((event) => [event.kind, event.actor.name, event.changes])).toEqual([
      ['DELETED', 'Greet Jansen', [{ field: 'deleted', before: 'false', after: 'true' }]],
    ]);
  });

  it('records the confirmed start of every order of the day, naming the admin who acted as the technician', async () => {
    const em = server.em();
    const carla = await createTechnician(em, { firstname: 'Carla', lastname: 'Peeters' });
    const saturday = '2026-11-21';
    const moved = await createOrder(em, { appointment: instantOf(saturday, 8, 0, NL), technician: carla });
    const kept = await createOrder(em, { appointment: instantOf(saturday, 12, 0, NL), technician: carla });
    const token = server.services.tokens.signTechnician(carla, admin);
    const { body } = await server.graphql(
      CONFIRM,
      {
        input: {
          appointments: [
            { orderId: moved.id, appointment: instantOf(saturday, 10, 0, NL).toISOString(), duration: 10800 },
            { orderId: kept.id, appointment: kept.appointment.toISOString(), duration: 10800 },
          ],
        },
      },
      { token },
    );
    expect(body.errors).toBeUndefined();
    const [movedEvent] = await events(moved.id);
    expect(movedEvent).toMatchObject({
      kind: 'START_CONFIRMED',
      actor: { type: 'TECHNICIAN', name: 'Carla Peeters', actingAdmin: 'Greet Jansen' },
      changes: [{ field: 'appointment', before: '2026-11-21T07:00:00.000Z', after: '2026-11-21T09:00:00.000Z' }],
    });
    const [keptEvent] = await events(kept.id);
    expect(keptEvent.changes).toEqual([
      { field: 'appointment', before: '2026-11-21T11:00:00.000Z', after: '2026-11-21T11:00:00.000Z' },
    ]);
  });

  it('names the technician alone when the technician confirms', async () => {
    const em = server.em();
    const dirk = await createTechnician(em, { firstname: 'Dirk', lastname: 'Mertens' });
    const order = await createOrder(em, { appointment: instantOf('2026-11-21', 9, 0, NL), technician: dirk });
    const { body } = await server.graphql(
      CONFIRM,
      {
        input: { appointments: [{ orderId: order.id, appointment: order.appointment.toISOString(), duration: 10800 }] },
      },
      { token: tokensFor(server).technician(dirk) },
    );
    expect(body.errors).toBeUndefined();
    expect((await events(order.id))[0].actor).toEqual({
      type: 'TECHNICIAN',
      name: 'Dirk Mertens',
      actingAdmin: null,
      importFileName: null,
    });
  });

  it('writes the event in the transaction of the change: when recording fails, the change is undone too', async () => {
    const order = await createOrder(server.em(), {
      referenceNumber: 'AUD-ATOMIC',
      appointment: instantOf('2026-11-30', 9, 0, NL),
      technician: anna,
    });
    const em = server.em();
    // A trigger that refuses every event stands in for any failure while recording.
    await em.execute(`create function refuse_event() returns trigger language plpgsql as
      $$ begin raise exception 'audit refused'; end $$`);
    await em.execute(
      `create trigger refuse_event before insert on order_events for each row execute function refuse_event()`,
    );
    try {
      const reassign = await admin$(REASSIGN, { input: { referenceNumber: 'AUD-ATOMIC', technician: 'N-AUDIT-2' } });
      expect(reassign.body.errors?.[0].extensions?.code).toBe('INTERNAL_SERVER_ERROR');
      const deleted = await admin$(DELETE, { id: order.id });
      expect(deleted.body.errors?.[0].extensions?.code).toBe('INTERNAL_SERVER_ERROR');
      const created = await admin$(CREATE, {
        input: {
          referenceNumber: 'AUD-NEVER',
          name: 'Nooit Opgeslagen',
          email: 'nooit@example.test',
          phone: '06 99998888',
          zipcode: '1234 AB',
          houseNumber: '1',
          city: 'Utrecht',
          appointment: instantOf('2026-11-30', 10, 0, NL).toISOString(),
          technician: 'N-AUDIT-1',
        },
      });
      expect(created.body.errors?.[0].extensions?.code).toBe('INTERNAL_SERVER_ERROR');
    } finally {
      await em.execute('drop trigger refuse_event on order_events');
      await em.execute('drop function refuse_event()');
    }
    const stored = await server.em().findOneOrFail(Order, order.id, { ...INCLUDING_DELETED, populate: ['technician'] });
    expect(stored.technician?.personalNumber).toBe('N-AUDIT-1');
    expect(stored.deletedAt).toBeNull();
    expect(await server.em().count(Order, { referenceNumber: 'AUD-NEVER' }, INCLUDING_DELETED)).toBe(0);
  });

  it('pages newest first with cursors', async () => {
    const order = await createOrder(server.em(), {
      referenceNumber: 'AUD-PAGES',
      appointment: instantOf('2026-12-01', 9, 0, NL),
      technician: anna,
    });
    const owners = ['N-AUDIT-2', 'N-AUDIT-1', 'N-AUDIT-2', 'N-AUDIT-1', 'N-AUDIT-2'];
    for (const technician of owners) {
      expect((await admin$(REASSIGN, { input: { referenceNumber: 'AUD-PAGES', technician } })).body.errors).toBe(
        undefined,
      );
    }
    const first = await history(order.id, { first: 2 });
    expect(first.totalCount).toBe(5);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await history(order.id, { first: 2, after: first.pageInfo.endCursor! });
    const third = await history(order.id, { first: 2, after: second.pageInfo.endCursor! });
    expect(third.pageInfo.hasNextPage).toBe(false);
    const afterValues = [...first.edges, ...second.edges, ...third.edges].map((edge) => edge.node.changes[0].after);
    expect(afterValues).toEqual([...owners].reverse());
    const ids = [...first.edges, ...second.edges, ...third.edges].map((edge) => edge.node.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('is for admins only, and says when the order does not exist', async () => {
    const order = await createOrder(server.em(), { appointment: instantOf('2026-12-02', 9, 0, NL) });
    const asTechnician = await server.graphql(
      HISTORY,
      { orderId: order.id },
      { token: tokensFor(server).technician(anna) },
    );
    expect(asTechnician.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const asConsumer = await server.graphql(
      HISTORY,
      { orderId: order.id },
      { token: tokensFor(server).consumer([order]) },
    );
    expect(asConsumer.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const anonymous = await server.graphql(HISTORY, { orderId: order.id });
    expect(anonymous.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const unknown = await server.graphql(HISTORY, { orderId: 999_999 }, { token: adminToken });
    expect(unknown.body.errors?.[0].extensions?.code).toBe('ORDER_NOT_FOUND');
  });

  describe('recordOrderEvents, the API other domains call', () => {
    const contextOf = (viewer: AppContext['viewer'], em = server.em()): AppContext => ({
      em,
      viewer,
      language: Language.NL,
      country: Country.NL,
      clientKey: '127.0.0.1',
      userAgent: 'test',
      log: server.services.logger,
      services: server.services,
    });

    it('records the consumer as the actor of a change made with a data token', async () => {
      const order = await createOrder(server.em(), { appointment: instantOf('2026-12-03', 9, 0, NL) });
      const ctx = contextOf({ role: Role.CONSUMER, orderIds: [order.id], external: { state: false, company: 0 } });
      await ctx.em.transactional(async (em) => {
        const stored = await em.findOneOrFail(Order, order.id, INCLUDING_DELETED);
        await recordOrderEvents(ctx, em, OrderEventKind.CONSUMER_REPLIED, [
          { order: stored, before: { consumerReply: null }, after: { consumerReply: 'AT_HOME' } },
        ]);
      });
      const [event] = await events(order.id);
      expect(event).toMatchObject({
        kind: 'CONSUMER_REPLIED',
        actor: { type: 'CONSUMER', name: null },
        changes: [{ field: 'consumerReply', before: null, after: 'AT_HOME' }],
      });
    });

    it('refuses to record outside a transaction, so no event can be saved apart from its change', async () => {
      const order = await createOrder(server.em(), { appointment: instantOf('2026-12-03', 10, 0, NL) });
      const ctx = contextOf({ role: Role.ADMIN, adminId: admin.id });
      await expect(
        recordOrderEvents(ctx, ctx.em, OrderEventKind.CREATED, [{ order, before: null, after: {} }]),
      ).rejects.toThrow('inside the transaction');
      expect(await server.em().count(OrderEvent, { order: order.id })).toBe(0);
    });

    it('refuses a change without an author', async () => {
      const order = await createOrder(server.em(), { appointment: instantOf('2026-12-03', 11, 0, NL) });
      const ctx = contextOf(null);
      await expect(
        ctx.em.transactional((em) =>
          recordOrderEvents(ctx, em, OrderEventKind.CREATED, [{ order, before: null, after: {} }]),
        ),
      ).rejects.toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    });
  });
});
