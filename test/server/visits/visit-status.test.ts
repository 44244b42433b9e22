import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OrderEvent } from '../../../server/audit/order-event.entity.js';
import { instantOf, type LocalDate } from '../../../shared/zoned-time.js';
import type { Order } from '../../../server/orders/order.entity.js';
import { Technician as TechnicianEntity, type Technician } from '../../../server/technicians/technician.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const STATUS_FIELDS = 'stage expectedArrival onTheWayAt arrivedAt finishedAt outcome note updatedAt';
const ORDER_FIELDS = `id appointment name zipcode houseNumber city country phone externalPartner flag reply { answer } status { ${STATUS_FIELDS} }`;

const SET = /* GraphQL */ `
  mutation ($input: SetVisitStatusInput!) {
    setVisitStatus(input: $input) { ${ORDER_FIELDS} }
  }
`;
const UNDO = /* GraphQL */ `
  mutation ($input: UndoVisitStatusInput!) {
    undoVisitStatus(input: $input) { ${ORDER_FIELDS} }
  }
`;
const TODAY = /* GraphQL */ `
  query {
    technicianToday { date orders { ${ORDER_FIELDS} } }
  }
`;

interface VisitStatusData {
  stage: string;
  expectedArrival: string | null;
  onTheWayAt: string | null;
  arrivedAt: string | null;
  finishedAt: string | null;
  outcome: string | null;
  note: string | null;
  updatedAt: string;
}

interface ScheduleOrderData {
  id: number;
  appointment: string;
  name: string;
  houseNumber: number;
  country: string;
  phone: string;
  externalPartner: string | null;
  status: VisitStatusData | null;
}

const ZONE = 'Europe/Amsterdam';
const TODAY_DATE: LocalDate = '2026-11-24'; // a Tuesday
const at = (date: LocalDate, hour: number, minute = 0) => instantOf(date, hour, minute, ZONE);
const NOW = at(TODAY_DATE, 10);
const inMinutes = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();
/** CLOCK_NOW starts the clock without stopping it: a time the server stamps is a moment after the one set. */
const stampedNear = (stamp: string | null | undefined, expected: string) =>
  stamp !== null && stamp !== undefined && Math.abs(new Date(stamp).getTime() - new Date(expected).getTime()) < 30_000;

describe('visit statuses', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { CLOCK_NOW: NOW.toISOString() }, recordQueries: true });
  });
  afterAll(() => server.stop());
  beforeEach(() => server.services.clock.travelTo(NOW));

  /** A technician with a token and one order of today at 11:00 (or the given start). */
  const arrange = async (appointment = at(TODAY_DATE, 11)) => {
    const technician = await createTechnician(server.em());
    const order = await createOrder(server.em(), { technician, appointment });
    return { technician, order, token: tokensFor(server).technician(technician) };
  };

  const send = (token: string, input: Record<string, unknown>) =>
    server.graphql<{ setVisitStatus: ScheduleOrderData }>(
      SET,
      { input: { requestId: randomUUID(), ...input } },
      { token },
    );

  const undo = (token: string, orderId: number, requestId: string = randomUUID()) =>
    server.graphql<{ undoVisitStatus: ScheduleOrderData }>(UNDO, { input: { orderId, requestId } }, { token });

  const ok = async (token: string, input: Record<string, unknown>) => {
    const { body } = await send(token, input);
    expect(body.errors).toBeUndefined();
    return body.data!.setVisitStatus;
  };

  const codeOf = (body: { errors?: { extensions?: Record<string, unknown> }[] }) => body.errors?.[0]?.extensions?.code;

  const onTheWay = (order: Order, minutes = 30) => ({
    orderId: order.id,
    stage: 'ON_THE_WAY',
    expectedArrival: inMinutes(minutes),
  });

  const events = (order: Order) => server.em().find(OrderEvent, { order: order.id }, { orderBy: { id: 'asc' } });

  describe('forward steps', () => {
    it('goes planned → ON_THE_WAY → ARRIVED → FINISHED, each stage keeping what came before', async () => {
      const { order, token } = await arrange();
      const first = await ok(token, onTheWay(order, 45));
      expect(first.status).toMatchObject({ stage: 'ON_THE_WAY', expectedArrival: inMinutes(45) });
      expect(stampedNear(first.status?.onTheWayAt, NOW.toISOString())).toBe(true);
      server.services.clock.travelTo(new Date(NOW.getTime() + 40 * 60_000));
      const arrived = await ok(token, { orderId: order.id, stage: 'ARRIVED' });
      expect(arrived.status).toMatchObject({ stage: 'ARRIVED', expectedArrival: inMinutes(45) });
      expect(stampedNear(arrived.status?.arrivedAt, inMinutes(40))).toBe(true);
      const finished = await ok(token, {
        orderId: order.id,
        stage: 'FINISHED',
        outcome: 'FOLLOW_UP_PARTS',
        note: '  Onderdeel besteld.\r\nVolgende week.  ',
      });
      expect(finished.status).toMatchObject({
        stage: 'FINISHED',
        outcome: 'FOLLOW_UP_PARTS',
        note: 'Onderdeel besteld.\nVolgende week.',
        onTheWayAt: first.status?.onTheWayAt,
        arrivedAt: arrived.status?.arrivedAt,
      });
      expect((await events(order)).map((event) => event.kind)).toEqual([
        'VISIT_ON_THE_WAY',
        'VISIT_ARRIVED',
        'VISIT_FINISHED',
      ]);
    });

    it('skips forward: planned → ARRIVED when the technician forgot to tap on the way', async () => {
      const { order, token } = await arrange();
      const arrived = await ok(token, { orderId: order.id, stage: 'ARRIVED' });
      expect(arrived.status).toMatchObject({ stage: 'ARRIVED', onTheWayAt: null, expectedArrival: null });
    });

    it('takes ON_THE_WAY again as a new estimate', async () => {
      const { order, token } = await arrange();
      await ok(token, onTheWay(order, 30));
      server.services.clock.travelTo(new Date(NOW.getTime() + 61_000));
      const again = await ok(token, onTheWay(order, 50));
      expect(again.status?.expectedArrival).toBe(inMinutes(50));
    });

    it('refuses a step back or the same stage again, and anything after FINISHED', async () => {
      const { order, token } = await arrange();
      await ok(token, { orderId: order.id, stage: 'ARRIVED' });
      expect(codeOf((await send(token, { orderId: order.id, stage: 'ARRIVED' })).body)).toBe('VISIT_STAGE_BACKWARDS');
      expect(codeOf((await send(token, onTheWay(order))).body)).toBe('VISIT_STAGE_BACKWARDS');
      await ok(token, { orderId: order.id, stage: 'FINISHED', outcome: 'REPAIRED' });
      const again = await send(token, { orderId: order.id, stage: 'FINISHED', outcome: 'NOT_DONE' });
      expect(codeOf(again.body)).toBe('VISIT_STAGE_BACKWARDS');
      expect(again.body.errors?.[0]?.message).toContain('Ongedaan maken');
      expect((await events(order)).length).toBe(2);
    });

    it('wants an outcome with FINISHED and refuses it (and a note) with the other stages', async () => {
      const { order, token } = await arrange();
      expect(codeOf((await send(token, { orderId: order.id, stage: 'FINISHED' })).body)).toBe('VISIT_OUTCOME_REQUIRED');
      const arrivedWithOutcome = await send(token, { orderId: order.id, stage: 'ARRIVED', outcome: 'REPAIRED' });
      expect(codeOf(arrivedWithOutcome.body)).toBe('VISIT_OUTCOME_NOT_ALLOWED');
      const arrivedWithNote = await send(token, { orderId: order.id, stage: 'ARRIVED', note: 'hallo' });
      expect(codeOf(arrivedWithNote.body)).toBe('VISIT_NOTE_NOT_ALLOWED');
      expect((await events(order)).length).toBe(0);
    });

    it('wants an expected arrival with ON_THE_WAY, later than now and at most 12 hours ahead', async () => {
      const { order, token } = await arrange();
      expect(codeOf((await send(token, { orderId: order.id, stage: 'ON_THE_WAY' })).body)).toBe(
        'VISIT_ARRIVAL_REQUIRED',
      );
      expect(codeOf((await send(token, onTheWay(order, -5))).body)).toBe('VISIT_ARRIVAL_OUT_OF_RANGE');
      expect(codeOf((await send(token, onTheWay(order, 12 * 60 + 1))).body)).toBe('VISIT_ARRIVAL_OUT_OF_RANGE');
      const arrivedWithEstimate = await send(token, {
        orderId: order.id,
        stage: 'ARRIVED',
        expectedArrival: inMinutes(5),
      });
      expect(codeOf(arrivedWithEstimate.body)).toBe('VISIT_ARRIVAL_NOT_ALLOWED');
      await ok(token, onTheWay(order, 12 * 60));
    });

    it('takes a note of 500 characters and refuses 501, in French too', async () => {
      const { order, token } = await arrange();
      const tooLong = await server.graphql(
        SET,
        {
          input: {
            orderId: order.id,
            stage: 'FINISHED',
            outcome: 'REPAIRED',
            note: 'é'.repeat(501),
            requestId: randomUUID(),
          },
        },
        { token, headers: { 'Accept-Language': 'fr' } },
      );
      expect(codeOf(tooLong.body)).toBe('BAD_USER_INPUT');
      expect(JSON.stringify(tooLong.body.errors)).toContain('500');
      const finished = await ok(token, {
        orderId: order.id,
        stage: 'FINISHED',
        outcome: 'REPAIRED',
        note: 'é'.repeat(500),
      });
      expect(finished.status?.note).toHaveLength(500);
    });

    it('checks the request id and order id at the edge', async () => {
      const { order, token } = await arrange();
      expect(codeOf((await send(token, { ...onTheWay(order), requestId: 'x'.repeat(101) })).body)).toBe(
        'BAD_USER_INPUT',
      );
      expect(codeOf((await send(token, { ...onTheWay(order), requestId: ' ' })).body)).toBe('BAD_USER_INPUT');
      expect(codeOf((await send(token, { ...onTheWay(order), orderId: 0 })).body)).toBe('BAD_USER_INPUT');
    });
  });

  describe('undo', () => {
    it('steps back one stage at a time: FINISHED → ARRIVED → ON_THE_WAY, clearing what the later stage set', async () => {
      const { order, token } = await arrange();
      await ok(token, onTheWay(order));
      await ok(token, { orderId: order.id, stage: 'ARRIVED' });
      await ok(token, { orderId: order.id, stage: 'FINISHED', outcome: 'NOT_HOME', note: 'Niemand thuis' });
      const back = await undo(token, order.id);
      expect(back.body.errors).toBeUndefined();
      expect(back.body.data!.undoVisitStatus.status).toMatchObject({
        stage: 'ARRIVED',
        outcome: null,
        note: null,
        finishedAt: null,
        expectedArrival: inMinutes(30),
      });
      await ok(token, { orderId: order.id, stage: 'FINISHED', outcome: 'REPAIRED' });
      expect((await undo(token, order.id)).body.data!.undoVisitStatus.status?.stage).toBe('ARRIVED');
      const history = await events(order);
      expect(history.at(-1)?.kind).toBe('VISIT_STEP_BACK');
      expect(history.at(-1)?.before).toMatchObject({ visitStage: 'FINISHED', visitOutcome: 'REPAIRED' });
      expect(history.at(-1)?.after).toMatchObject({ visitStage: 'ARRIVED', visitOutcome: null });
    });

    it('takes ARRIVED back to ON_THE_WAY when it came from there', async () => {
      const { order, token } = await arrange();
      await ok(token, onTheWay(order));
      await ok(token, { orderId: order.id, stage: 'ARRIVED' });
      const back = (await undo(token, order.id)).body.data!.undoVisitStatus.status;
      expect(back).toMatchObject({ stage: 'ON_THE_WAY', arrivedAt: null, expectedArrival: inMinutes(30) });
    });

    it('takes ARRIVED back to planned when it came from planned, and ON_THE_WAY back to planned', async () => {
      const first = await arrange();
      await ok(first.token, { orderId: first.order.id, stage: 'ARRIVED' });
      expect((await undo(first.token, first.order.id)).body.data!.undoVisitStatus.status).toBeNull();
      const second = await arrange();
      await ok(second.token, onTheWay(second.order));
      expect((await undo(second.token, second.order.id)).body.data!.undoVisitStatus.status).toBeNull();
    });

    it('refuses a second undo before a new forward step, and an undo of a planned visit', async () => {
      const { order, token } = await arrange();
      expect(codeOf((await undo(token, order.id)).body)).toBe('VISIT_NOTHING_TO_UNDO');
      await ok(token, onTheWay(order));
      await ok(token, { orderId: order.id, stage: 'ARRIVED' });
      expect((await undo(token, order.id)).body.errors).toBeUndefined();
      expect(codeOf((await undo(token, order.id)).body)).toBe('VISIT_NOTHING_TO_UNDO');
      await ok(token, { orderId: order.id, stage: 'ARRIVED' });
      expect((await undo(token, order.id)).body.errors).toBeUndefined();
    });

    it('is for the visit day only', async () => {
      const { technician, order, token } = await arrange();
      await ok(token, { orderId: order.id, stage: 'ARRIVED' });
      server.services.clock.travelTo(at('2026-11-25', 9));
      const nextDayToken = tokensFor(server).technician(technician);
      expect(codeOf((await undo(nextDayToken, order.id)).body)).toBe('VISIT_NOT_TODAY');
    });
  });

  describe('whose and which day', () => {
    it("refuses another technician's order and a deleted order with the same answer", async () => {
      const { order } = await arrange();
      const other = await arrange();
      expect(codeOf((await send(other.token, onTheWay(order))).body)).toBe('VISIT_NOT_YOURS');
      const deleted = await createOrder(server.em(), {
        technician: other.technician,
        appointment: at(TODAY_DATE, 14),
        deletedAt: NOW,
      });
      expect(codeOf((await send(other.token, onTheWay(deleted))).body)).toBe('VISIT_NOT_YOURS');
      expect(codeOf((await send(other.token, { ...onTheWay(order), orderId: 999_999 })).body)).toBe('VISIT_NOT_YOURS');
      expect((await events(order)).length).toBe(0);
    });

    it("refuses tomorrow's and yesterday's orders (the day read in the order's zone)", async () => {
      const { technician, token } = await arrange();
      const tomorrow = await createOrder(server.em(), { technician, appointment: at('2026-11-25', 8) });
      const yesterday = await createOrder(server.em(), { technician, appointment: at('2026-11-23', 17) });
      const refusal = await send(token, { orderId: tomorrow.id, stage: 'ARRIVED' });
      expect(codeOf(refusal.body)).toBe('VISIT_NOT_TODAY');
      expect(refusal.body.errors?.[0]?.message).toContain('25-11-2026');
      expect(codeOf((await send(token, { orderId: yesterday.id, stage: 'ARRIVED' })).body)).toBe('VISIT_NOT_TODAY');
    });

    it('counts 00:30 local as the new day', async () => {
      const { technician, order: late } = await arrange(at(TODAY_DATE, 20));
      const early = await createOrder(server.em(), { technician, appointment: at('2026-11-25', 7) });
      server.services.clock.travelTo(at('2026-11-25', 0, 30));
      const token = tokensFor(server).technician(technician);
      expect(codeOf((await send(token, { orderId: early.id, stage: 'ARRIVED' })).body)).toBeUndefined();
      expect(codeOf((await send(token, { orderId: late.id, stage: 'ARRIVED' })).body)).toBe('VISIT_NOT_TODAY');
    });
  });

  describe('one visit on the way at a time', () => {
    it('refuses ON_THE_WAY while another visit of the technician is on the way, naming it', async () => {
      const { technician, order, token } = await arrange();
      const next = await createOrder(server.em(), {
        technician,
        appointment: at(TODAY_DATE, 14),
        name: 'Fam. de Boer',
      });
      await ok(token, onTheWay(next, 20));
      const refusal = await send(token, onTheWay(order));
      expect(codeOf(refusal.body)).toBe('VISIT_OTHER_ON_THE_WAY');
      expect(refusal.body.errors?.[0]?.message).toContain('Fam. de Boer');
      expect(refusal.body.errors?.[0]?.message).toContain('10.20');
      await ok(token, { orderId: next.id, stage: 'ARRIVED' });
      await ok(token, onTheWay(order));
      // An undo back to "on the way" follows the same rule.
      const third = await createOrder(server.em(), { technician, appointment: at(TODAY_DATE, 17) });
      await ok(token, { orderId: next.id, stage: 'FINISHED', outcome: 'REPAIRED' });
      await ok(token, { orderId: order.id, stage: 'ARRIVED' });
      await ok(token, onTheWay(third));
      expect(codeOf((await undo(token, order.id)).body)).toBe('VISIT_OTHER_ON_THE_WAY');
    });
  });

  describe('one visit arrived at a time', () => {
    it('refuses ARRIVED while another visit of the technician is arrived and not finished, naming it', async () => {
      const { technician, order, token } = await arrange();
      const next = await createOrder(server.em(), {
        technician,
        appointment: at(TODAY_DATE, 14),
        name: 'Fam. Jansen',
      });
      await ok(token, { orderId: order.id, stage: 'ARRIVED' });
      // On the way to the next stop while still at the first is fine: telling the next customer early.
      await ok(token, onTheWay(next, 20));
      const refusal = await send(token, { orderId: next.id, stage: 'ARRIVED' });
      expect(codeOf(refusal.body)).toBe('VISIT_OTHER_ARRIVED');
      expect(refusal.body.errors?.[0]?.message).toContain(`U bent nog bij ${order.name} (aangekomen om 10.00)`);
      const french = await server.graphql(
        SET,
        { input: { requestId: randomUUID(), orderId: next.id, stage: 'ARRIVED' } },
        { token, headers: { 'accept-language': 'fr-BE' } },
      );
      expect(french.body.errors?.[0]?.message).toContain(`Vous êtes encore chez ${order.name}`);
      await ok(token, { orderId: order.id, stage: 'FINISHED', outcome: 'REPAIRED' });
      await ok(token, { orderId: next.id, stage: 'ARRIVED' });
      // An undo back to "arrived" at the first follows the same rule.
      expect(codeOf((await undo(token, order.id)).body)).toBe('VISIT_OTHER_ARRIVED');
    });
  });

  describe('idempotency', () => {
    it('applies a request id once: a repeat answers the same order and records nothing', async () => {
      const { order, token } = await arrange();
      const input = { ...onTheWay(order), requestId: randomUUID() };
      const first = await server.graphql<{ setVisitStatus: ScheduleOrderData }>(SET, { input }, { token });
      server.services.clock.travelTo(new Date(NOW.getTime() + 60_000));
      const repeat = await server.graphql<{ setVisitStatus: ScheduleOrderData }>(SET, { input }, { token });
      expect(repeat.body.errors).toBeUndefined();
      expect(repeat.body.data).toEqual(first.body.data);
      expect((await events(order)).length).toBe(1);
      const undoId = randomUUID();
      await undo(token, order.id, undoId);
      const undoAgain = await undo(token, order.id, undoId);
      expect(undoAgain.body.errors).toBeUndefined();
      expect(undoAgain.body.data!.undoVisitStatus.status).toBeNull();
      expect((await events(order)).length).toBe(2);
    });

    it('changes the status once for two identical requests at the same moment', async () => {
      const { order, token } = await arrange();
      await ok(token, { orderId: order.id, stage: 'ARRIVED' });
      const input = { orderId: order.id, stage: 'FINISHED', outcome: 'REPAIRED', requestId: randomUUID() };
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          server.graphql<{ setVisitStatus: ScheduleOrderData }>(SET, { input }, { token }),
        ),
      );
      for (const answer of answers) {
        expect(answer.body.errors).toBeUndefined();
        expect(answer.body.data!.setVisitStatus.status?.stage).toBe('FINISHED');
      }
      expect((await events(order)).map((event) => event.kind)).toEqual(['VISIT_ARRIVED', 'VISIT_FINISHED']);
    });

    it('keeps a refused request id free: the same id may be sent again once the input is right', async () => {
      const { order, token } = await arrange();
      const requestId = randomUUID();
      expect(codeOf((await send(token, { orderId: order.id, stage: 'FINISHED', requestId })).body)).toBe(
        'VISIT_OUTCOME_REQUIRED',
      );
      const finished = await ok(token, { orderId: order.id, stage: 'FINISHED', outcome: 'NOT_HOME', requestId });
      expect(finished.status?.stage).toBe('FINISHED');
    });
  });

  describe('limits on repeated taps', () => {
    const later = (ms: number) => server.services.clock.travelTo(new Date(NOW.getTime() + ms));
    const kinds = async (order: Order) => (await events(order)).map((event) => event.kind);

    it('takes one new estimate a minute: of 20 at once one is written, the others are told when, in NL and FR', async () => {
      const { order, token } = await arrange();
      await ok(token, onTheWay(order, 30));
      later(2 * 60_000);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) => send(token, onTheWay(order, 31 + index))),
      );
      const accepted = answers.filter((answer) => answer.body.errors === undefined);
      expect(accepted).toHaveLength(1);
      const refusals = answers.filter((answer) => answer.body.errors !== undefined);
      expect(refusals.map((answer) => codeOf(answer.body))).toEqual(Array(19).fill('VISIT_ESTIMATE_TOO_SOON'));
      expect(refusals[0].status).toBe(200);
      expect(refusals[0].body.errors?.[0]?.message).toMatch(/Een nieuwe kan vanaf 10\.0[34]/);
      expect(await kinds(order)).toEqual(['VISIT_ON_THE_WAY', 'VISIT_ON_THE_WAY']);

      const french = await server.graphql(
        SET,
        { input: { ...onTheWay(order, 40), requestId: randomUUID() } },
        { token, headers: { 'Accept-Language': 'fr' } },
      );
      expect(codeOf(french.body)).toBe('VISIT_ESTIMATE_TOO_SOON');
      expect(french.body.errors?.[0]?.message).toMatch(/possible à partir de 10\u00a0h\u00a00[34]/);

      later(4 * 60_000);
      expect((await ok(token, onTheWay(order, 50))).status?.expectedArrival).toBe(inMinutes(50));
      expect(await kinds(order)).toHaveLength(3);
    });

    it('counts only what was written (a refused departure costs nothing); an undo corrects a mis-tapped estimate', async () => {
      const { technician, order, token } = await arrange();
      const other = await createOrder(server.em(), { technician, appointment: at(TODAY_DATE, 14) });
      await ok(token, onTheWay(other, 10));
      expect(codeOf((await send(token, onTheWay(order))).body)).toBe('VISIT_OTHER_ON_THE_WAY');
      await ok(token, { orderId: other.id, stage: 'ARRIVED' });
      await ok(token, onTheWay(order, 15));
      expect(codeOf((await send(token, onTheWay(order, 45))).body)).toBe('VISIT_ESTIMATE_TOO_SOON');
      expect((await undo(token, order.id)).body.errors).toBeUndefined();
      expect((await ok(token, onTheWay(order, 45))).status?.expectedArrival).toBe(inMinutes(45));
    });

    it('takes 5 undos of a visit an hour; a repeated request id still answers the order', async () => {
      const { order, token } = await arrange();
      // The hour counts from the first undo, which a slow machine makes a while after NOW.
      let firstUndoDone = 0;
      let lastUndo = '';
      for (let round = 0; round < 5; round++) {
        await ok(token, { orderId: order.id, stage: 'ARRIVED' });
        lastUndo = randomUUID();
        expect((await undo(token, order.id, lastUndo)).body.errors).toBeUndefined();
        firstUndoDone ||= server.services.clock.now().getTime();
      }
      await ok(token, { orderId: order.id, stage: 'ARRIVED' });
      const refusal = await undo(token, order.id);
      expect(codeOf(refusal.body)).toBe('VISIT_TOO_MANY_STEPS_BACK');
      expect(refusal.body.errors?.[0]?.message).toMatch(/Corrigeren kan weer vanaf 11\.0\d/);
      expect((await undo(token, order.id, lastUndo)).body.errors).toBeUndefined();
      expect(await kinds(order)).toHaveLength(11);
      server.services.clock.travelTo(new Date(firstUndoDone + 60 * 60_000 + 1000));
      expect((await undo(token, order.id)).body.errors).toBeUndefined();
    });
  });

  describe('audit trail and announcements', () => {
    it('records the technician and the admin acting as the technician', async () => {
      const { technician, order } = await arrange();
      const admin = await createAdmin(server.em(), { firstname: 'Greet', lastname: 'Jansen' });
      const token = server.services.tokens.signTechnician(technician, admin);
      const { body } = await send(token, onTheWay(order));
      expect(body.errors).toBeUndefined();
      const [event] = await events(order);
      expect(event).toMatchObject({
        kind: 'VISIT_ON_THE_WAY',
        actorType: 'TECHNICIAN',
        actorTechnicianId: technician.id,
        actingAdminName: 'Greet Jansen',
        before: { visitStage: null, expectedArrival: null },
        after: { visitStage: 'ON_THE_WAY', expectedArrival: inMinutes(30) },
      });
      const me = await server.graphql<{ currentTechnician: { firstname: string; actingAdminName: string | null } }>(
        '{ currentTechnician { firstname lastname actingAdminName } }',
        {},
        { token },
      );
      expect(me.body.data?.currentTechnician).toMatchObject({
        firstname: technician.firstname,
        actingAdminName: 'Greet Jansen',
      });
      const own = await server.graphql<{ currentTechnician: { actingAdminName: string | null } }>(
        '{ currentTechnician { actingAdminName } }',
        {},
        { token: tokensFor(server).technician(technician) },
      );
      expect(own.body.data?.currentTechnician.actingAdminName).toBeNull();
    });

    it('announces the change after commit, with the stage', async () => {
      const { order, token } = await arrange();
      const heard: { ids: readonly number[]; detail: Record<string, unknown> }[] = [];
      const stop = server.services.changes.subscribe('visit-status', (notice) => heard.push(notice));
      try {
        await ok(token, { orderId: order.id, stage: 'ARRIVED' });
        await send(token, { orderId: order.id, stage: 'ARRIVED' }); // refused: nothing announced
        await expect.poll(() => heard.length).toBe(1);
        expect(heard[0]).toMatchObject({ ids: [order.id], detail: { stage: 'ARRIVED' } });
      } finally {
        stop();
      }
    });
  });

  describe('technicianToday', () => {
    it("lists today's active orders by start with the new fields and statuses, in 2 statements for 1 or 20 orders", async () => {
      const technician = await createTechnician(server.em());
      const token = tokensFor(server).technician(technician);
      const later = await createOrder(server.em(), {
        technician,
        appointment: at(TODAY_DATE, 14),
        houseNumber: '12a',
        phone: '06 11112222',
        externalCompany: 1,
      });
      const earlier = await createOrder(server.em(), { technician, appointment: at(TODAY_DATE, 8) });
      await createOrder(server.em(), { technician, appointment: at(TODAY_DATE, 9), deletedAt: NOW });
      await createOrder(server.em(), { technician, appointment: at('2026-11-25', 8) });
      await createOrder(server.em(), { technician: (await arrange()).technician, appointment: at(TODAY_DATE, 12) });
      await ok(token, { orderId: earlier.id, stage: 'FINISHED', outcome: 'REPAIRED' });

      const day = async (who: Technician) => {
        const { body } = await server.graphql<{ technicianToday: { date: string; orders: ScheduleOrderData[] } }>(
          TODAY,
          {},
          { token: tokensFor(server).technician(who) },
        );
        expect(body.errors).toBeUndefined();
        return body.data!.technicianToday;
      };
      const today = await day(technician);
      expect(today.date).toBe(TODAY_DATE);
      expect(today.orders.map((order) => order.id)).toEqual([earlier.id, later.id]);
      expect(today.orders[0].status).toMatchObject({ stage: 'FINISHED', outcome: 'REPAIRED' });
      expect(today.orders[1]).toMatchObject({
        houseNumber: 12,
        phone: '06 11112222',
        country: 'NL',
        externalPartner: 'ServicePartner B',
        status: null,
      });
      expect(today.orders[0].externalPartner).toBeNull();

      const busy = await createTechnician(server.em());
      for (let i = 0; i < 20; i++) {
        const order = await createOrder(server.em(), { technician: busy, appointment: at(TODAY_DATE, 7 + (i % 13)) });
        if (i % 3 === 0) {
          await ok(tokensFor(server).technician(busy), { orderId: order.id, stage: 'FINISHED', outcome: 'REPAIRED' });
        }
      }
      const statementsFor = async (who: Technician) => {
        server.queries.length = 0;
        const orders = (await day(who)).orders.length;
        return { orders, statements: server.queries.length };
      };
      expect(await statementsFor(busy)).toEqual({ orders: 20, statements: 2 });
      expect(await statementsFor(technician)).toEqual({ orders: 2, statements: 2 });
    });

    it('is for technicians only', async () => {
      const admin = await createAdmin(server.em());
      const { body } = await server.graphql(TODAY, {}, { token: tokensFor(server).admin(admin) });
      expect(codeOf(body)).toBe('FORBIDDEN');
    });
  });

  describe("the admin's order", () => {
    const ORDER = /* GraphQL */ `
      query ($ref: String!) {
        orderByReference(referenceNumber: $ref) {
          id
          visitStatus {
            stage
            outcome
            note
          }
        }
      }
    `;

    it('shows the visit status to admins and refuses the field to a technician', async () => {
      const { order, token } = await arrange();
      const admin = await createAdmin(server.em());
      const adminToken = tokensFor(server).admin(admin);
      const planned = await server.graphql<{ orderByReference: { visitStatus: unknown } }>(
        ORDER,
        { ref: order.referenceNumber },
        { token: adminToken },
      );
      expect(planned.body.errors).toBeUndefined();
      expect(planned.body.data?.orderByReference.visitStatus).toBeNull();
      await ok(token, { orderId: order.id, stage: 'FINISHED', outcome: 'NOT_DONE', note: 'Geen stroom' });
      const finished = await server.graphql<{ orderByReference: { visitStatus: unknown } }>(
        ORDER,
        { ref: order.referenceNumber },
        { token: adminToken },
      );
      expect(finished.body.data?.orderByReference.visitStatus).toEqual({
        stage: 'FINISHED',
        outcome: 'NOT_DONE',
        note: 'Geen stroom',
      });
      const byTechnician = await server.graphql(ORDER, { ref: order.referenceNumber }, { token });
      expect(codeOf(byTechnician.body)).toBe('FORBIDDEN');
    });
  });
});

describe('visit statuses in the demo data', () => {
  it("gives the demo technicians today's visits in every stage between them, each at one visit at a time", async () => {
    const server = await startTestServer({ env: { DEMO_DATA: '1', CLOCK_NOW: NOW.toISOString() } });
    try {
      const technicians = await server.em().find(TechnicianEntity, {}, { orderBy: { id: 'asc' } });
      expect(technicians.length).toBeGreaterThan(0);
      const seen = new Set<string>();
      for (const technician of technicians) {
        const { body } = await server.graphql<{ technicianToday: { orders: ScheduleOrderData[] } }>(
          TODAY,
          {},
          { token: server.services.tokens.signTechnician(technician) },
        );
        expect(body.errors).toBeUndefined();
        const stages = body.data!.technicianToday.orders.map((order) => order.status?.stage ?? 'PLANNED');
        for (const stage of stages) seen.add(stage);
        // Finished visits first, then at most one under way, then the planned ones: one place at a time.
        expect(stages.join(' ')).toMatch(/^(FINISHED )*((ON_THE_WAY|ARRIVED) )?(PLANNED ?)*$/);
      }
      expect([...seen].sort()).toEqual(['ARRIVED', 'FINISHED', 'ON_THE_WAY', 'PLANNED']);
    } finally {
      await server.stop();
    }
  });
});
