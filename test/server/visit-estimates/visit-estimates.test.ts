import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../server/orders/order.entity.js';
import { ScheduleConfirmation } from '../../../server/schedule/schedule-confirmation.entity.js';
import type { Technician } from '../../../server/technicians/technician.entity.js';
import { addDays, instantOf, type LocalDate } from '../../../shared/zoned-time.js';
import { recordDay, sequence, tapsOf, type RecordedVisit } from '../../utils/estimate-replay.js';
import { createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { openLiveStream, type LiveStream } from '../../utils/live-stream.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { writeVisitStatus } from '../../utils/visit-day.js';

const ZONE = 'Europe/Amsterdam';
const TODAY: LocalDate = '2026-11-24'; // a Tuesday
const at = (hour: number, minute = 0, date: LocalDate = TODAY) => instantOf(date, hour, minute, ZONE);
const START = at(7);
const WINDOWS = [8, 9, 11, 13, 15];
const PACE = { work: 50, travel: 20, start: 10, spread: 15 };

const PLACE_FIELDS = 'date today position visitsBefore moment expectedFrom expectedUntil lateArrival';
const VISITS = `query { consumerVisits { referenceNumber progress { stage dayPlace { ${PLACE_FIELDS} } } } }`;
const SET = `mutation ($input: SetVisitStatusInput!) { setVisitStatus(input: $input) { id } }`;

interface DayPlace {
  date: string;
  today: boolean;
  position: number;
  visitsBefore: number;
  moment: string;
  expectedFrom: string | null;
  expectedUntil: string | null;
  lateArrival: string | null;
}

describe("the consumer's place in the day and the narrow time", () => {
  let server: TestServer;
  const streams: LiveStream[] = [];

  beforeAll(async () => {
    server = await startTestServer({ env: { CLOCK_NOW: START.toISOString() } });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await server.stop();
  });
  beforeEach(() => server.services.clock.travelTo(START));

  /**
   * Jan with ten recorded working days behind him (his history) and five visits today, each a customer of its own;
   * today confirmed unless told otherwise.
   */
  const arrange = async (options: { confirmed?: boolean; seed?: number } = {}) => {
    const em = server.em();
    const technician = await createTechnician(em, { firstname: 'Jan', lastname: 'Achternaamsen' });
    const random = sequence(options.seed ?? 11);
    for (let back = 1; back <= 14; back++) {
      const date = addDays(TODAY, -back);
      const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      const orders: Order[] = [];
      for (const hour of WINDOWS) {
        orders.push(await createOrder(em, { technician, appointment: at(hour, 0, date) }));
      }
      const recorded = recordDay(
        orders.map((order) => order.appointment),
        orders.map((order) => order.id),
        PACE,
        random,
      );
      for (const [index, visit] of recorded.entries()) {
        await writeVisitStatus(em, orders[index], {
          stage: 'FINISHED',
          onTheWayAt: visit.onTheWayAt,
          expectedArrival: visit.expectedArrival,
          arrivedAt: visit.arrivedAt,
          finishedAt: visit.finishedAt,
          outcome: 'REPAIRED',
        });
      }
    }
    const today: Order[] = [];
    for (const [index, hour] of WINDOWS.entries()) {
      today.push(
        await createOrder(em, {
          technician,
          appointment: at(hour),
          name: `Vandaagklant${index}-${randomUUID().slice(0, 6)}`,
          zipcode: `35${index}1 X${'ABCDE'[index]}`,
          street: `Geheimstraat${index}`,
          houseNumber: `${70 + index}`,
          phone: `06 2000000${index}`,
        }),
      );
    }
    if (options.confirmed !== false) {
      em.create(ScheduleConfirmation, { technician, date: TODAY, confirmedAt: at(18, 0, addDays(TODAY, -1)) });
      await em.flush();
    }
    const recordedToday = recordDay(
      today.map((order) => order.appointment),
      today.map((order) => order.id),
      PACE,
      random,
    );
    return { technician, today, recordedToday };
  };

  /** The consumer's answer as the server sends it, raw, and parsed. */
  const lookAt = async (order: Order) => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${tokensFor(server).consumer([order])}`,
      },
      body: JSON.stringify({ query: VISITS }),
    });
    const raw = await response.text();
    const body = JSON.parse(raw) as {
      errors?: unknown;
      data?: { consumerVisits: { progress: { dayPlace: DayPlace | null } }[] };
    };
    expect(body.errors).toBeUndefined();
    return { raw, place: body.data!.consumerVisits[0].progress.dayPlace };
  };

  const tap = async (technician: Technician, input: Record<string, unknown>) => {
    const { body } = await server.graphql(
      SET,
      { input: { requestId: randomUUID(), ...input } },
      { token: tokensFor(server).technician(technician) },
    );
    expect(body.errors).toBeUndefined();
  };

  it('says the place in the confirmed day and a narrow hour inside the window, and nothing of the others', async () => {
    const { today } = await arrange();
    const third = today[2];
    const { raw, place } = await lookAt(third);
    expect(place).toMatchObject({ date: TODAY, today: true, position: 3, visitsBefore: 2, moment: 'VISITS_BEFORE' });
    const from = new Date(place!.expectedFrom!).getTime();
    const until = new Date(place!.expectedUntil!).getTime();
    expect(until - from).toBe(3_600_000);
    expect(from).toBeGreaterThanOrEqual(third.appointment.getTime());
    expect(until).toBeLessThanOrEqual(third.appointment.getTime() + third.duration * 1000);
    expect(place!.lateArrival).toBeNull();
    for (const other of today.filter((order) => order.id !== third.id)) {
      for (const secret of [
        other.name,
        other.referenceNumber,
        other.zipcode,
        other.street!,
        other.phone,
        other.appointment.toISOString(),
      ]) {
        expect(raw).not.toContain(secret);
      }
    }
    expect(raw).not.toContain('Achternaamsen');
  });

  it('says nothing of the place before the technician confirmed the day', async () => {
    const { today } = await arrange({ confirmed: false });
    expect((await lookAt(today[2])).place).toBeNull();
  });

  it('follows the day: a visit that runs long pushes the later ones, and the moments count down', async () => {
    const { technician, today } = await arrange();
    server.services.clock.travelTo(at(7, 40));
    await tap(technician, { orderId: today[0].id, stage: 'ON_THE_WAY', expectedArrival: at(8, 5).toISOString() });
    server.services.clock.travelTo(at(8, 5));
    await tap(technician, { orderId: today[0].id, stage: 'ARRIVED' });
    server.services.clock.travelTo(at(8, 20));
    const early = (await lookAt(today[2])).place!;
    expect(early).toMatchObject({ moment: 'VISITS_BEFORE', visitsBefore: 2 });
    expect((await lookAt(today[1])).place).toMatchObject({ moment: 'AT_VISIT_BEFORE', visitsBefore: 1 });
    // Still at the first visit at 10.30: the third is expected later.
    server.services.clock.travelTo(at(10, 30));
    const late = (await lookAt(today[2])).place!;
    expect(new Date(late.expectedFrom!).getTime()).toBeGreaterThan(new Date(early.expectedFrom!).getTime());
    await tap(technician, { orderId: today[0].id, stage: 'FINISHED', outcome: 'REPAIRED' });
    await tap(technician, { orderId: today[1].id, stage: 'ON_THE_WAY', expectedArrival: at(10, 50).toISOString() });
    expect((await lookAt(today[1])).place).toMatchObject({ moment: 'ON_THE_WAY', visitsBefore: 0 });
    expect((await lookAt(today[2])).place).toMatchObject({ moment: 'VISITS_BEFORE', visitsBefore: 1 });
  });

  it('replays a recorded day tap by tap: the real arrival falls inside the narrow time shown at least 80 % of the time', async () => {
    const { technician, today, recordedToday } = await arrange({ seed: 23 });
    const arrivalOf = new Map(recordedToday.map((visit: RecordedVisit) => [visit.orderId, visit.arrivedAt]));
    let hits = 0;
    let shown = 0;
    const count = async () => {
      for (const order of today) {
        const { place } = await lookAt(order);
        if (!place?.expectedFrom || !place.expectedUntil) continue;
        const arrival = arrivalOf.get(order.id)!.getTime();
        shown += 1;
        if (arrival >= new Date(place.expectedFrom).getTime() && arrival <= new Date(place.expectedUntil).getTime()) {
          hits += 1;
        }
      }
    };
    await count();
    for (const step of tapsOf(recordedToday)) {
      server.services.clock.travelTo(step.at);
      const visit = recordedToday.find((candidate) => candidate.orderId === step.orderId)!;
      await tap(technician, {
        orderId: step.orderId,
        stage: step.stage,
        ...(step.stage === 'ON_THE_WAY' ? { expectedArrival: visit.expectedArrival.toISOString() } : {}),
        ...(step.stage === 'FINISHED' ? { outcome: 'REPAIRED' } : {}),
      });
      await count();
    }
    const rate = hits / shown;
    process.stdout.write(
      `narrow time hit rate on a replayed day: ${(rate * 100).toFixed(1)} % (${hits} of ${shown})\n`,
    );
    expect(shown).toBeGreaterThan(10);
    expect(rate).toBeGreaterThanOrEqual(0.8);
  });

  it("brings a change of another visit of the technician's day to the consumer's stream", async () => {
    const { technician, today } = await arrange();
    const stream = await openLiveStream(
      server.url,
      `subscription { visitProgressChanged { referenceNumber dayPlace { ${PLACE_FIELDS} } } }`,
      { token: tokensFor(server).consumer([today[1]]) },
    );
    streams.push(stream);
    expect(stream.status).toBe(200);
    server.services.clock.travelTo(at(7, 40));
    await tap(technician, { orderId: today[0].id, stage: 'ON_THE_WAY', expectedArrival: at(8, 5).toISOString() });
    server.services.clock.travelTo(at(8, 5));
    await tap(technician, { orderId: today[0].id, stage: 'ARRIVED' });
    const event = await stream.next((candidate) => {
      const progress = candidate.data?.data?.visitProgressChanged as { dayPlace: DayPlace | null } | undefined;
      return progress?.dayPlace?.moment === 'AT_VISIT_BEFORE';
    });
    const progress = event.data?.data?.visitProgressChanged as { referenceNumber: string };
    expect(progress.referenceNumber).toBe(today[1].referenceNumber);
    expect(JSON.stringify(stream.events)).not.toContain(today[0].referenceNumber);
  });
});
