import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceOrdersChanged, onOrdersChanged, type HeardOrdersChange } from '../../../server/audit/order-changes.js';
import { OrderEventKind } from '../../../server/audit/order-event-kind.js';
import { announceChange, noticePayloads, parseNotice } from '../../../server/common/events/change-notices.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { postGraphQLUpload } from '../../utils/upload.js';

/** Resolves with the first change `server` hears that passes `matches`, or rejects after `ms`. */
function nextChange(server: TestServer, matches: (change: HeardOrdersChange) => boolean, ms = 5_000) {
  return new Promise<HeardOrdersChange>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error('no change notice arrived'));
    }, ms);
    const stop = onOrdersChanged(server.services.changes, (change) => {
      if (!matches(change)) return;
      clearTimeout(timer);
      stop();
      resolve(change);
    });
  });
}

describe('change notices between instances', () => {
  let database: TestDatabase;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { JWT_SECRET: 'a-shared-secret-of-the-deployment-0123456789' };
    first = await startTestServer({ database, env });
    second = await startTestServer({ database, env });
  });
  afterAll(async () => {
    await first.stop();
    await second.stop();
    await database.drop();
  });

  it('tell every instance, after commit, which orders a change on one of them touched', async () => {
    const em = first.em();
    const token = tokensFor(first).admin(await createAdmin(em));
    const [from, to] = [await createTechnician(em), await createTechnician(em)];
    const order = await createOrder(em, {
      appointment: new Date(first.services.clock.now().getTime() + 5 * 86_400_000),
      technician: from,
    });
    const onSecond = nextChange(second, (change) => change.orderIds.includes(order.id));
    const onFirst = nextChange(first, (change) => change.orderIds.includes(order.id));
    const { body } = await first.graphql(
      'mutation ($input: ReassignOrderInput!) { reassignOrder(input: $input) { id } }',
      { input: { referenceNumber: order.referenceNumber, technician: to.personalNumber } },
      { token },
    );
    expect(body.errors).toBeUndefined();
    for (const change of [await onSecond, await onFirst]) {
      expect(change).toEqual({
        kind: OrderEventKind.REASSIGNED,
        orderIds: [order.id],
        importJobId: null,
        madeHere: true,
      });
    }
  });

  it('announce a CSV import as one change that names the import', async () => {
    const em = first.em();
    const token = tokensFor(first).admin(await createAdmin(em));
    await createTechnician(em, { personalNumber: 'N700' });
    const day = new Date(first.services.clock.now().getTime() + 10 * 86_400_000);
    const date = [day.getUTCDate(), day.getUTCMonth() + 1, day.getUTCFullYear()]
      .map((part) => String(part).padStart(2, '0'))
      .join('-');
    const file = [
      'reference_number;name;email;phone;zipcode;house_number;city;date;time;technician;flag',
      `NOTICE-1;Anna Jansen;anna@example.test;0612345678;1234 AB;12;Utrecht;${date};09:30;N700;0`,
      '',
    ].join('\r\n');
    const heard = nextChange(second, (change) => change.importJobId !== null);
    const { body } = await postGraphQLUpload<{ importOrders: { __typename: string; jobId: string } }>(
      first.url,
      'mutation ($file: Upload!) { importOrders(country: NL, file: $file) { __typename ... on ImportOrdersSuccess { jobId } } }',
      {},
      'file',
      { name: 'orders.csv', content: file },
      { token },
    );
    expect(body.data?.importOrders.__typename).toBe('ImportOrdersSuccess');
    expect(await heard).toEqual({
      kind: OrderEventKind.IMPORT_CREATED,
      orderIds: [],
      importJobId: body.data?.importOrders.jobId,
      madeHere: true,
    });
  });

  it('never announce a change that was rolled back', async () => {
    const heard: HeardOrdersChange[] = [];
    const stop = onOrdersChanged(second.services.changes, (change) => heard.push(change));
    await first.services.orm.em
      .fork()
      .transactional(async (em) => {
        await announceChange(em, {
          topic: 'orders.changed',
          ids: [-1],
          detail: { kind: 'DELETED', importJobId: null },
        });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    // A committed notice sent after it arrives; the rolled-back one never does.
    const later = nextChange(second, (change) => change.orderIds.includes(-2));
    await first.services.orm.em.fork().transactional(async (em) => {
      await announceChange(em, { topic: 'orders.changed', ids: [-2], detail: { kind: 'DELETED', importJobId: null } });
    });
    await later;
    stop();
    expect(heard.map((change) => change.orderIds)).toEqual([[-2]]);
  });

  it('say whether this process made the change, so work done once per change is done where it was made', async () => {
    const fromHere = nextChange(second, (change) => change.orderIds.includes(-4));
    await first.services.orm.em.fork().transactional(async (em) => {
      await announceOrdersChanged(em, { kind: OrderEventKind.DELETED, orderIds: [-4], importJobId: null });
    });
    // Another process's notice, and one of a release that did not say who made it (heard as made here: planned).
    const fromElsewhere = nextChange(second, (change) => change.orderIds.includes(-5));
    const unsaid = nextChange(second, (change) => change.orderIds.includes(-6));
    await first.services.orm.em.fork().transactional(async (em) => {
      await announceChange(em, {
        topic: 'orders.changed',
        ids: [-5],
        detail: { kind: 'DELETED', importJobId: null, madeBy: 'another-process' },
      });
      await announceChange(em, { topic: 'orders.changed', ids: [-6], detail: { kind: 'DELETED', importJobId: null } });
    });
    expect((await fromHere).madeHere).toBe(true);
    expect((await fromElsewhere).madeHere).toBe(false);
    expect((await unsaid).madeHere).toBe(true);
  });

  it('reconnect after the listening connection is lost, tell the subscribers to catch up, and hear again', async () => {
    let resyncs = 0;
    const stopResync = second.services.changes.onResync(() => resyncs++);
    const admin = first.em().getConnection();
    const killed = await admin.execute<{ pg_terminate_backend: boolean }[]>(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and query = 'listen tijdvak_changes' and pid <> pg_backend_pid()`,
    );
    expect(killed.length).toBeGreaterThanOrEqual(2);
    await expect.poll(() => resyncs, { timeout: 10_000 }).toBe(1);
    const heard = nextChange(second, (change) => change.orderIds.includes(-3));
    await first.services.orm.em.fork().transactional(async (em) => {
      await announceChange(em, { topic: 'orders.changed', ids: [-3], detail: { kind: 'DELETED', importJobId: null } });
    });
    await heard;
    stopResync();
  });

  it('split the ids of a large change over notices PostgreSQL accepts', async () => {
    const ids = Array.from({ length: 5_000 }, (_, i) => 1_000_000 + i);
    const payloads = noticePayloads({ topic: 'orders.changed', ids, detail: { kind: 'MIGRATED', importJobId: null } });
    expect(payloads.length).toBeGreaterThan(1);
    expect(payloads.every((payload) => Buffer.byteLength(payload) < 8000)).toBe(true);
    expect(payloads.flatMap((payload) => parseNotice(payload)?.ids ?? [])).toEqual(ids);

    const received: number[] = [];
    const stop = onOrdersChanged(second.services.changes, (change) => received.push(...change.orderIds));
    await first.services.orm.em.fork().transactional(async (em) => {
      await announceChange(em, { topic: 'orders.changed', ids, detail: { kind: 'MIGRATED', importJobId: null } });
    });
    await expect.poll(() => received.length, { timeout: 5_000 }).toBe(ids.length);
    stop();
    expect(received).toEqual(ids);
  });

  it('ignore malformed payloads', () => {
    expect(parseNotice('not json')).toBeNull();
    expect(parseNotice('{"topic":1,"ids":[],"detail":{}}')).toBeNull();
    expect(parseNotice('{"topic":"x","ids":["1"],"detail":{}}')).toBeNull();
    expect(parseNotice('{"topic":"x","ids":[1],"detail":null}')).toBeNull();
    expect(parseNotice('{"topic":"x","ids":[1],"detail":{"kind":"A"}}')).toEqual({
      topic: 'x',
      ids: [1],
      detail: { kind: 'A' },
    });
  });
});
