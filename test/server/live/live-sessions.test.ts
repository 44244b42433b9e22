import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../../server/common/auth/role.js';
import { instantOf, type LocalDate } from '../../../shared/zoned-time.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { openLiveStream, type LiveStream, type StreamEvent } from '../../utils/live-stream.js';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const ZONE = 'Europe/Amsterdam';
const TODAY: LocalDate = '2026-11-24'; // a Tuesday
const NOW = instantOf(TODAY, 10, 0, ZONE);
const SECRET = 'a-shared-secret-of-the-deployment-0123456789';

const BOARD = 'subscription Board { boardVisitChanged { orderId stage } }';
const OWN = 'subscription Own { visitProgressChanged { referenceNumber stage } }';
const SET = 'mutation ($input: SetVisitStatusInput!) { setVisitStatus(input: $input) { id } }';
const UPDATE_ADMIN = 'mutation ($id: Int!, $input: AdminInput!) { updateAdmin(id: $id, input: $input) { id } }';
const DELETE_TECHNICIAN = 'mutation ($id: Int!) { deleteTechnician(id: $id) { id } }';
const LOOK_UP = 'mutation ($input: LookUpVisitsInput!) { lookUpVisits(input: $input) { dataToken } }';

const codeOf = (event: StreamEvent) => event.data?.errors?.[0]?.extensions?.code;

/**
 * A live stream lasts as long as its session: it ends on every instance when the account's sessions end, and at its
 * token's expiry, as /graphql refuses the token from then on.
 */
describe('live streams and the sessions they belong to', () => {
  let database: TestDatabase;
  let first: TestServer;
  let second: TestServer;
  const streams: LiveStream[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { JWT_SECRET: SECRET, CLOCK_NOW: NOW.toISOString(), LIVE_MAX_STREAMS_PER_ORDER: '7' };
    first = await startTestServer({ database, env });
    second = await startTestServer({ database, env });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await first.stop();
    await second.stop();
    await database.drop();
  });

  const open = async (server: TestServer, query: string, token: string) => {
    const stream = await openLiveStream(server.url, query, { token });
    streams.push(stream);
    return stream;
  };

  /** Resolves with the ms it took the stream to say its session ended and close; rejects when it did not. */
  const endsUnauthenticated = async (stream: LiveStream, ms: number) => {
    const started = Date.now();
    const last = await stream.next((event) => codeOf(event) === 'UNAUTHENTICATED', ms);
    expect(last.data?.data ?? null).toBeNull();
    await stream.ended;
    expect(stream.events.at(-1)?.event).toBe('complete');
    return Date.now() - started;
  };

  const changeVisit = async (server: TestServer) => {
    const technician = await createTechnician(server.em());
    const order = await createOrder(server.em(), { technician, appointment: instantOf(TODAY, 11, 0, ZONE) });
    const { body } = await server.graphql(
      SET,
      { input: { requestId: randomUUID(), orderId: order.id, stage: 'ARRIVED' } },
      { token: tokensFor(server).technician(technician) },
    );
    expect(body.errors).toBeUndefined();
    return order;
  };

  it("end an admin's board on another instance at once when the admin is deactivated, and no one else's", async () => {
    const leaving = await createAdmin(first.em());
    const staying = tokensFor(first).admin(await createAdmin(first.em()));
    const board = await open(second, BOARD, tokensFor(second).admin(leaving));
    const otherBoard = await open(second, BOARD, staying);
    expect([board.status, otherBoard.status]).toEqual([200, 200]);

    const { body } = await first.graphql(
      UPDATE_ADMIN,
      {
        id: leaving.id,
        input: { firstname: leaving.firstname, lastname: leaving.lastname, email: leaving.email, inactive: true },
      },
      { token: staying },
    );
    expect(body.errors).toBeUndefined();
    expect(await endsUnauthenticated(board, 2_000)).toBeLessThan(2_000);

    // The other admin's board keeps following, and the ended one cannot be opened again.
    const order = await changeVisit(first);
    const change = await otherBoard.next(
      (event) => (event.data?.data?.boardVisitChanged as { orderId: number } | undefined)?.orderId === order.id,
      2_000,
    );
    expect(change.data?.data?.boardVisitChanged).toEqual({ orderId: order.id, stage: 'ARRIVED' });
    const again = await open(second, BOARD, tokensFor(second).admin(leaving));
    expect(again.status).toBe(401);
  });

  it("end the streams an admin opened as a technician when that admin is deactivated, not the technician's own", async () => {
    const acting = await createAdmin(first.em());
    const technician = await createTechnician(first.em());
    const asTechnician = await open(second, OWN, second.services.tokens.signTechnician(technician, acting));
    const own = await open(second, OWN, tokensFor(second).technician(technician));
    expect([asTechnician.status, own.status]).toEqual([200, 200]);
    const { body } = await first.graphql(
      UPDATE_ADMIN,
      { id: acting.id, input: { firstname: 'A', lastname: 'B', email: acting.email, inactive: true } },
      { token: tokensFor(first).admin(await createAdmin(first.em())) },
    );
    expect(body.errors).toBeUndefined();
    await endsUnauthenticated(asTechnician, 2_000);

    // The technician's own stream still follows its visits.
    const order = await createOrder(first.em(), { technician, appointment: instantOf(TODAY, 12, 0, ZONE) });
    const set = await first.graphql(
      SET,
      { input: { requestId: randomUUID(), orderId: order.id, stage: 'ARRIVED' } },
      { token: tokensFor(first).technician(technician) },
    );
    expect(set.body.errors).toBeUndefined();
    const change = await own.next((event) => event.data?.data?.visitProgressChanged !== undefined, 2_000);
    expect(change.data?.data?.visitProgressChanged).toEqual({
      referenceNumber: order.referenceNumber,
      stage: 'ARRIVED',
    });
  });

  it("end a deleted technician's stream on another instance", async () => {
    const technician = await createTechnician(first.em());
    const stream = await open(second, OWN, tokensFor(second).technician(technician));
    expect(stream.status).toBe(200);
    const admin = tokensFor(first).admin(await createAdmin(first.em()));
    const { body } = await first.graphql(DELETE_TECHNICIAN, { id: technician.id }, { token: admin });
    expect(body.errors).toBeUndefined();
    expect(await endsUnauthenticated(stream, 2_000)).toBeLessThan(2_000);
  });

  it('close a stream when its token expires, not before', async () => {
    const admin = await createAdmin(first.em());
    const iat = second.services.clock.nowSeconds();
    const token = jwt.sign({ role: Role.ADMIN, sub: String(admin.id), ver: admin.tokenVersion, iat }, SECRET, {
      algorithm: 'HS256',
      expiresIn: 2,
      issuer: 'tijdvak',
    });
    const stream = await open(second, BOARD, token);
    expect(stream.status).toBe(200);
    const untilExpiry = (iat + 2) * 1000 - second.services.clock.now().getTime();
    const took = await endsUnauthenticated(stream, untilExpiry + 2_000);
    expect(took).toBeGreaterThanOrEqual(untilExpiry - 100);
  });

  it("count streams per lookup, so a stranger's lookup of the same address cannot take the consumer's places", async () => {
    await createOrder(first.em(), { zipcode: '7777 LS', houseNumber: '7', appointment: instantOf(TODAY, 14, 0, ZONE) });
    const lookUp = async () => {
      const { body } = await first.graphql<{ lookUpVisits: { dataToken: string } }>(LOOK_UP, {
        input: { country: 'NL', zipcode: '7777LS', houseNumber: '7' },
      });
      expect(body.errors).toBeUndefined();
      return body.data!.lookUpVisits.dataToken;
    };
    const stranger = await lookUp();
    for (let i = 0; i < 5; i++) expect((await open(second, OWN, stranger)).status).toBe(200);
    const sixth = await open(second, OWN, stranger);
    expect(sixth.status).toBe(429);
    expect(sixth.refusal).toMatchObject({ errors: [{ extensions: { code: 'LIVE_STREAMS_PER_VIEWER' } }] });

    // The consumer's own lookup of the same address is another holder: it still follows its visit.
    const consumer = await lookUp();
    expect((await open(second, OWN, consumer)).status).toBe(200);
    expect((await open(second, OWN, consumer)).status).toBe(200);

    // Seven streams of the order (LIVE_MAX_STREAMS_PER_ORDER) over all holders: an eighth grant is refused too.
    const third = await open(second, OWN, await lookUp());
    expect(third.status).toBe(429);
    expect(third.refusal).toMatchObject({ errors: [{ extensions: { code: 'LIVE_STREAMS_PER_ORDER' } }] });
    expect((await open(first, OWN, await lookUp())).status).toBe(200);
  });
});
