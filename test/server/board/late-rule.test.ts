import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArrivalFilter, LATE_AT_SQL, orderFilterCondition } from '../../../server/orders/index.js';
import type { Order } from '../../../server/orders/order.entity.js';
import { latenessOf, reachedAtOf, type Lateness } from '../../../shared/visit-lateness.js';
import { instantOf, type LocalDate } from '../../../shared/zoned-time.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { writeVisitStatus, type StatusFixture } from '../../utils/visit-day.js';

const NL = 'Europe/Amsterdam';
const TODAY: LocalDate = '2026-11-24';
/** 12:30 in the Netherlands: a morning of visits behind, an afternoon ahead. */
const NOW = instantOf(TODAY, 12, 30, NL);
const THREE_HOURS = 3 * 3600;
const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * The same rows for the TypeScript rule and for the SQL that counts by it: each a window (by its end, relative to
 * NOW) and what the technician's taps left, relative to that end. The boundaries are exact to the second.
 */
interface Case {
  name: string;
  /** The window's end minus NOW, in ms. */
  end: number;
  /** The status, its times relative to the window's end (ms); none: planned. */
  status?: { stage: StatusFixture['stage']; arrived?: number; finished?: number; onTheWay?: number };
}

const CASES: Case[] = [
  { name: 'arrived an hour early', end: -2 * 60 * MINUTE, status: { stage: 'ARRIVED', arrived: -60 * MINUTE } },
  { name: "arrived at the window's last moment", end: -60 * MINUTE, status: { stage: 'ARRIVED', arrived: 0 } },
  { name: 'arrived a second after the window', end: -60 * MINUTE, status: { stage: 'ARRIVED', arrived: SECOND } },
  {
    name: 'arrived 45 minutes after the window',
    end: -90 * MINUTE,
    status: { stage: 'ARRIVED', arrived: 45 * MINUTE },
  },
  {
    name: 'finished late without the arrival tap',
    end: -2 * 60 * MINUTE,
    status: { stage: 'FINISHED', finished: 10 * MINUTE },
  },
  {
    name: 'arrived in time, finished after the window',
    end: -60 * MINUTE,
    status: { stage: 'FINISHED', arrived: -30 * MINUTE, finished: 30 * MINUTE },
  },
  { name: 'not arrived, the window ended a second ago', end: -SECOND },
  { name: 'not arrived, the window ends now', end: 0 },
  { name: 'not arrived, the window ends in an hour', end: 60 * MINUTE },
  {
    name: 'on the way, the window ends in 20 minutes',
    end: 20 * MINUTE,
    status: { stage: 'ON_THE_WAY', onTheWay: -30 * MINUTE },
  },
  {
    name: 'still on the way after the window',
    end: -10 * MINUTE,
    status: { stage: 'ON_THE_WAY', onTheWay: -60 * MINUTE },
  },
];

const OVERVIEW = `{ dispatchOverview { countedAt days { kind countries { country finished underWay toCome late } } } }`;
const BOARD = `query { visitBoard(country: NL) { now technicians { visits {
  orderId customerName reply reachedAt lateness } } } }`;
const FIGURES = `query ($day: String!) { officeFigures(from: $day, to: $day, groupBy: COUNTRY, country: NL) {
  total { reached onTime } } }`;
const ORDERS = `query ($filter: OrderFilterInput) { orders(filter: $filter, first: 50) { totalCount edges { node { id } } } }`;

describe('one rule for late: the board, the overview, the figures and the order list agree with shared/visit-lateness.ts', () => {
  let server: TestServer;
  let adminToken: string;
  const rows: { case: Case; order: Order; windowEnd: Date; reachedAt: Date | null }[] = [];
  const expected = (row: (typeof rows)[number], now: Date): Lateness =>
    latenessOf({ windowEnd: row.windowEnd, reachedAt: row.reachedAt }, now);

  beforeAll(async () => {
    server = await startTestServer({ env: { CLOCK_NOW: NOW.toISOString() } });
    const em = server.em();
    adminToken = tokensFor(server).admin(await createAdmin(em));
    const technician = await createTechnician(em, { firstname: 'Anna', lastname: 'Bakker' });
    for (const entry of CASES) {
      const windowEnd = new Date(NOW.getTime() + entry.end);
      const order = await createOrder(em, {
        technician,
        name: `Klant ${entry.name}`,
        appointment: new Date(windowEnd.getTime() - THREE_HOURS * SECOND),
        duration: THREE_HOURS,
      });
      const moment = (offset: number | undefined) =>
        offset === undefined ? null : new Date(windowEnd.getTime() + offset);
      if (entry.status) {
        await writeVisitStatus(em, order, {
          stage: entry.status.stage,
          onTheWayAt: moment(entry.status.onTheWay),
          arrivedAt: moment(entry.status.arrived),
          finishedAt: moment(entry.status.finished),
          outcome: entry.status.stage === 'FINISHED' ? 'REPAIRED' : null,
        });
      }
      const reachedAt = reachedAtOf({
        arrivedAt: moment(entry.status?.arrived),
        finishedAt: moment(entry.status?.finished),
      });
      rows.push({ case: entry, order, windowEnd, reachedAt });
    }
  });
  afterAll(async () => {
    await server.stop();
  });

  it('gives the same answer in TypeScript and in SQL on every row, at the same instant', async () => {
    const late = orderFilterCondition({ arrival: ArrivalFilter.LATE });
    const onTime = orderFilterCondition({ arrival: ArrivalFilter.ON_TIME });
    const sqlRows = await server
      .em()
      .execute<{ id: number; late: boolean; arrived_late: boolean | null; on_time: boolean | null }[]>(
        `select o.id, ${LATE_AT_SQL} as late, (${late.sql}) as arrived_late, (${onTime.sql}) as on_time
         from orders o where o.id in (${rows.map(() => '?').join(', ')})`,
        [NOW, ...late.params, ...onTime.params, ...rows.map((row) => row.order.id)],
      );
    const bySql = new Map(sqlRows.map((row) => [row.id, row]));
    const table = rows.map((row) => {
      const rule = expected(row, NOW);
      const sql = bySql.get(row.order.id)!;
      return {
        name: row.case.name,
        rule,
        sql: { late: sql.late, arrivedLate: sql.arrived_late === true, onTime: sql.on_time === true },
      };
    });
    expect(table).toEqual(
      table.map((entry) => ({
        ...entry,
        sql: {
          late: entry.rule !== null,
          arrivedLate: entry.rule === 'ARRIVED_LATE',
          onTime: rows.find((row) => row.case.name === entry.name)!.reachedAt !== null && entry.rule === null,
        },
      })),
    );
    // The rule itself, read aloud: arrived after the window is late, whatever the board once said.
    expect(Object.fromEntries(table.map((entry) => [entry.name, entry.rule]))).toEqual({
      'arrived an hour early': null,
      "arrived at the window's last moment": null,
      'arrived a second after the window': 'ARRIVED_LATE',
      'arrived 45 minutes after the window': 'ARRIVED_LATE',
      'finished late without the arrival tap': 'ARRIVED_LATE',
      'arrived in time, finished after the window': null,
      'not arrived, the window ended a second ago': 'NOT_ARRIVED',
      'not arrived, the window ends now': null,
      'not arrived, the window ends in an hour': null,
      'on the way, the window ends in 20 minutes': null,
      'still on the way after the window': 'NOT_ARRIVED',
    });
  });

  it("marks on the board what the rule says at the board's instant, arrived-late visits included", async () => {
    const { body } = await server.graphql<{
      visitBoard: {
        now: string;
        technicians: {
          visits: { orderId: number; customerName: string; reachedAt: string | null; lateness: string | null }[];
        }[];
      };
    }>(BOARD, {}, { token: adminToken });
    expect(body.errors).toBeUndefined();
    const now = new Date(body.data!.visitBoard.now);
    const visits = body.data!.visitBoard.technicians.flatMap((technician) => technician.visits);
    expect(visits.map((visit) => [visit.customerName, visit.lateness, visit.reachedAt])).toEqual(
      [...rows]
        .sort((a, b) => a.windowEnd.getTime() - b.windowEnd.getTime() || a.order.id - b.order.id)
        .map((row) => [row.order.name, expected(row, now), row.reachedAt?.toISOString() ?? null]),
    );
    const arrivedLate = visits.find((visit) => visit.customerName === 'Klant arrived 45 minutes after the window');
    expect(arrivedLate?.lateness).toBe('ARRIVED_LATE');
  });

  it("counts in the overview of today, the office's figures and the order list's filter by the same rule", async () => {
    const overview = await server.graphql<{
      dispatchOverview: {
        countedAt: string;
        days: {
          kind: string;
          countries: { country: string; late: number; finished: number; underWay: number; toCome: number }[];
        }[];
      };
    }>(OVERVIEW, {}, { token: adminToken });
    expect(overview.body.errors).toBeUndefined();
    const countedAt = new Date(overview.body.data!.dispatchOverview.countedAt);
    const today = overview.body.data!.dispatchOverview.days.find((day) => day.kind === 'TODAY')!;
    const stageCount = (stages: (string | undefined)[]) =>
      rows.filter((row) => stages.includes(row.case.status?.stage)).length;
    expect(today.countries.find((entry) => entry.country === 'NL')).toEqual({
      country: 'NL',
      late: rows.filter((row) => expected(row, countedAt) !== null).length,
      finished: stageCount(['FINISHED']),
      underWay: stageCount(['ON_THE_WAY', 'ARRIVED']),
      toCome: stageCount([undefined]),
    });

    const figures = await server.graphql<{ officeFigures: { total: { reached: number; onTime: number } } }>(
      FIGURES,
      { day: TODAY },
      { token: adminToken },
    );
    expect(figures.body.errors).toBeUndefined();
    const reached = rows.filter((row) => row.reachedAt !== null);
    expect(figures.body.data!.officeFigures.total).toEqual({
      reached: reached.length,
      onTime: reached.filter((row) => expected(row, NOW) === null).length,
    });

    const lateList = await server.graphql<{ orders: { edges: { node: { id: string } }[] } }>(
      ORDERS,
      { filter: { arrival: 'LATE', country: 'NL' } },
      { token: adminToken },
    );
    expect(lateList.body.errors).toBeUndefined();
    expect(lateList.body.data!.orders.edges.map((edge) => Number(edge.node.id)).sort((a, b) => a - b)).toEqual(
      rows
        .filter((row) => expected(row, NOW) === 'ARRIVED_LATE')
        .map((row) => row.order.id)
        .sort((a, b) => a - b),
    );
  });
});
