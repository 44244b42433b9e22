import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { Order } from '../../../server/orders/order.entity.js';
import { VisitOutcome, VisitStage, VisitStatus } from '../../../server/visits/visit-status.entity.js';
import type { Technician } from '../../../server/technicians/technician.entity.js';
import { instantOf, type LocalDate } from '../../../shared/zoned-time.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { createTestDatabase, type TestDatabase } from '../../utils/test-database.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const NL = 'Europe/Amsterdam';
const BE = 'Europe/Brussels';
const TODAY: LocalDate = '2026-11-24'; // a Tuesday
/** 12:30 in the Netherlands: a morning of visits behind, an afternoon ahead. */
const NOW = instantOf(TODAY, 12, 30, NL);
const THREE_HOURS = 3 * 3600;

const BOARD = `query VisitBoard($country: Country) {
  visitBoard(country: $country) {
    country date now truncated
    technicians {
      technicianId name
      visits {
        orderId referenceNumber customerName appointment end city reply stage expectedArrival outcome reachedAt lateness
      }
    }
  }
}`;
const SET = `mutation ($input: SetVisitStatusInput!) { setVisitStatus(input: $input) { id } }`;

interface BoardVisit {
  orderId: number;
  referenceNumber: string;
  customerName: string;
  appointment: string;
  reply: string | null;
  reachedAt: string | null;
  end: string;
  stage: string;
  expectedArrival: string | null;
  outcome: string | null;
  lateness: string | null;
}
interface Board {
  visitBoard: {
    country: string;
    date: string;
    now: string;
    truncated: boolean;
    technicians: { technicianId: number | null; name: string | null; visits: BoardVisit[] }[];
  };
}

describe("the office's board of today (visitBoard)", () => {
  let database: TestDatabase;
  let server: TestServer;
  let adminToken: string;
  let anna: Technician;
  let bram: Technician;
  const at = (hour: number, minute = 0, zone = NL) => instantOf(TODAY, hour, minute, zone);

  /** Stores a status as the technician's taps would have left it (several per technician, which taps do one by one). */
  async function status(
    order: Order,
    stage: VisitStage,
    extra: Partial<Pick<VisitStatus, 'expectedArrival' | 'outcome' | 'arrivedAt' | 'finishedAt'>> = {},
  ) {
    const em = server.em();
    em.create(VisitStatus, {
      order: em.getReference(Order, order.id),
      stage,
      steppedBack: false,
      updatedAt: NOW,
      ...(stage === VisitStage.FINISHED ? { outcome: VisitOutcome.REPAIRED } : {}),
      ...extra,
    });
    await em.flush();
  }

  const board = async (country?: Country, token = adminToken) =>
    server.graphql<Board>(BOARD, country ? { country } : {}, { token });

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startTestServer({ database, env: { CLOCK_NOW: NOW.toISOString() } });
    adminToken = tokensFor(server).admin(await createAdmin(server.em()));
    // Created out of their board order: the board sorts by surname, then by window.
    bram = await createTechnician(server.em(), { firstname: 'Bram', lastname: 'Visser' });
    anna = await createTechnician(server.em(), { firstname: 'Anna', lastname: 'Bakker' });
  });
  afterAll(async () => {
    await server.stop();
    await database.drop();
  });

  it("lists today's visits per technician by surname, earliest window first, the unassigned last, with lateness at the server's clock", async () => {
    const em = server.em();
    const annaAfternoon = await createOrder(em, { technician: anna, appointment: at(11), city: 'Zeist' });
    const annaLateStart = await createOrder(em, { technician: anna, appointment: at(8) });
    const annaEdge = await createOrder(em, { technician: anna, appointment: at(10) });
    const annaDone = await createOrder(em, { technician: anna, appointment: at(7) });
    const bramArrived = await createOrder(em, { technician: bram, appointment: at(9) });
    const unassigned = await createOrder(em, { technician: null, appointment: at(13) });
    // Not on today's Dutch board: tomorrow, yesterday, deleted, Belgian.
    await createOrder(em, { technician: anna, appointment: instantOf('2026-11-25', 9, 0, NL) });
    await createOrder(em, { technician: anna, appointment: instantOf('2026-11-23', 23, 30, NL) });
    await createOrder(em, { technician: anna, appointment: at(9, 30), deletedAt: NOW });
    const belgian = await createOrder(em, {
      technician: bram,
      appointment: at(9, 0, BE),
      country: Country.BE,
      phone: '0470 99 88 77',
    });

    const estimate = new Date(at(12, 10).getTime());
    // On the way, and the window (08:00-11:00) ended before 12:30.
    await status(annaLateStart, VisitStage.ON_THE_WAY, { expectedArrival: estimate });
    await status(annaDone, VisitStage.FINISHED, { outcome: VisitOutcome.NOT_HOME, finishedAt: at(9, 30) });
    // Reached at 12:10, after its window (09:00-12:00): late for good, as the figures count it.
    await status(bramArrived, VisitStage.ARRIVED, { expectedArrival: estimate, arrivedAt: estimate });
    const replies = [
      [annaAfternoon.id, 'AT_HOME'],
      [annaEdge.id, 'CALL_ME'],
    ] as const;
    for (const [orderId, answer] of replies) {
      await em.execute('insert into consumer_replies (order_id, answer, created_at, updated_at) values (?, ?, ?, ?)', [
        orderId,
        answer,
        NOW,
        NOW,
      ]);
    }

    const { body } = await board(Country.NL);
    expect(body.errors).toBeUndefined();
    const result = body.data!.visitBoard;
    expect({ country: result.country, date: result.date, truncated: result.truncated }).toEqual({
      country: 'NL',
      date: TODAY,
      truncated: false,
    });
    // The server's clock starts at CLOCK_NOW and runs on.
    const elapsed = new Date(result.now).getTime() - NOW.getTime();
    expect(elapsed).toBeGreaterThanOrEqual(0);
    expect(elapsed).toBeLessThan(60_000);
    const shown = result.technicians.map((technician) => ({
      technicianId: technician.technicianId,
      name: technician.name,
      visits: technician.visits.map((visit) => [visit.orderId, visit.stage, visit.lateness, visit.reply]),
    }));
    expect(shown).toEqual([
      {
        technicianId: anna.id,
        name: 'Anna Bakker',
        visits: [
          [annaDone.id, 'FINISHED', null, null],
          // The window (08:00-11:00) is over and the technician is not there yet.
          [annaLateStart.id, 'ON_THE_WAY', 'NOT_ARRIVED', null],
          // Its window ends at 13:00: not late before then, set out or not.
          [annaEdge.id, 'PLANNED', null, 'CALL_ME'],
          [annaAfternoon.id, 'PLANNED', null, 'CONFIRMED'],
        ],
      },
      // Arrived after the window's end: late, by the rule the on-time figure counts by.
      { technicianId: bram.id, name: 'Bram Visser', visits: [[bramArrived.id, 'ARRIVED', 'ARRIVED_LATE', null]] },
      { technicianId: null, name: null, visits: [[unassigned.id, 'PLANNED', null, null]] },
    ]);
    expect(result.technicians[1].visits[0]).toMatchObject({
      customerName: bramArrived.name,
      reachedAt: estimate.toISOString(),
    });
    const late = result.technicians[0].visits[1];
    expect(late).toMatchObject({
      referenceNumber: annaLateStart.referenceNumber,
      appointment: at(8).toISOString(),
      end: new Date(at(8).getTime() + THREE_HOURS * 1000).toISOString(),
      expectedArrival: estimate.toISOString(),
      outcome: null,
    });
    expect(result.technicians[0].visits[0]).toMatchObject({ outcome: 'NOT_HOME' });
    expect(result.technicians[0].visits[3]).toMatchObject({ city: 'Zeist' });

    const belgianBoard = (await board(Country.BE)).body.data!.visitBoard;
    expect(belgianBoard.technicians).toEqual([
      expect.objectContaining({ technicianId: bram.id, visits: [expect.objectContaining({ orderId: belgian.id })] }),
    ]);
  });

  it('shows a status the technician sets at once, and a visit reached within its window is not late', async () => {
    const carla = await createTechnician(server.em(), { firstname: 'Carla', lastname: 'Aarts' });
    const order = await createOrder(server.em(), { technician: carla, appointment: at(9, 45) });
    const before = (await board(Country.NL)).body.data!.visitBoard.technicians[0];
    expect(before).toMatchObject({
      technicianId: carla.id,
      visits: [{ stage: 'PLANNED', lateness: null, reachedAt: null }],
    });

    const expectedArrival = at(13).toISOString();
    const set = await server.graphql(
      SET,
      { input: { requestId: randomUUID(), orderId: order.id, stage: 'ON_THE_WAY', expectedArrival } },
      { token: tokensFor(server).technician(carla) },
    );
    expect(set.body.errors).toBeUndefined();
    const after = (await board(Country.NL)).body.data!.visitBoard.technicians[0];
    expect(after.visits).toEqual([
      expect.objectContaining({ orderId: order.id, stage: 'ON_THE_WAY', expectedArrival, lateness: null }),
    ]);
    const arrived = await server.graphql(
      SET,
      { input: { requestId: randomUUID(), orderId: order.id, stage: 'ARRIVED' } },
      { token: tokensFor(server).technician(carla) },
    );
    expect(arrived.body.errors).toBeUndefined();
    const reached = (await board(Country.NL)).body.data!.visitBoard.technicians[0].visits[0];
    expect(reached).toMatchObject({ stage: 'ARRIVED', lateness: null });
    expect(new Date(reached.reachedAt!).getTime()).toBeLessThan(new Date(reached.end).getTime());
  });

  it('refuses technicians and consumers (FORBIDDEN) and anonymous callers (UNAUTHENTICATED)', async () => {
    const order = await createOrder(server.em(), { technician: anna, appointment: at(15) });
    for (const token of [tokensFor(server).technician(anna), tokensFor(server).consumer([order])]) {
      const { body } = await board(Country.NL, token);
      expect(body.data ?? null).toBeNull();
      expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    const anonymous = await server.graphql<Board>(BOARD, { country: 'NL' });
    expect(anonymous.body.data ?? null).toBeNull();
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
