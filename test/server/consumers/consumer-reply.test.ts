import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../server/orders/order.entity.js';
import { ConsumerReply } from '../../../server/replies/consumer-reply.entity.js';
import type { Technician } from '../../../server/technicians/technician.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const REPLY = /* GraphQL */ `
  mutation ($input: ReplyToVisitInput!) {
    replyToVisit(input: $input) {
      answer
      accessNote
      createdAt
      updatedAt
    }
  }
`;

const VISITS = /* GraphQL */ `
  query {
    consumerVisits {
      referenceNumber
      replyOpen
      reply {
        answer
        accessNote
      }
    }
  }
`;

const SCHEDULE = /* GraphQL */ `
  query {
    technicianSchedule {
      orders {
        id
        reply {
          answer
          accessNote
        }
      }
    }
  }
`;

const ADMIN_ORDER = /* GraphQL */ `
  query ($referenceNumber: String!) {
    orderByReference(referenceNumber: $referenceNumber) {
      informed {
        reply {
          answer
          accessNote
          updatedAt
        }
      }
    }
  }
`;

interface ReplyData {
  replyToVisit: { answer: string | null; accessNote: string | null; createdAt: string; updatedAt: string } | null;
}

const MONDAY_AFTERNOON = new Date('2026-11-23T14:00:00+01:00');

describe('consumer reply', () => {
  let server: TestServer;
  let technician: Technician;
  let order = 0;

  beforeAll(async () => {
    server = await startTestServer({
      env: { CLOCK_NOW: MONDAY_AFTERNOON.toISOString(), RATE_LIMIT_CONSUMER_REPLY_PER_ORDER: '6/3600' },
      recordQueries: true,
    });
    technician = await createTechnician(server.em());
  });
  afterAll(() => server.stop());

  /** A fresh order of the technician on Tuesday (its window shown since Monday 13:30). */
  const tuesdayOrder = (hour = 8, overrides: Partial<Parameters<typeof createOrder>[1]> = {}) =>
    createOrder(server.em(), {
      referenceNumber: `REPLY-${++order}-${Date.now()}`,
      technician,
      appointment: new Date(`2026-11-24T${String(hour).padStart(2, '0')}:00:00+01:00`),
      ...overrides,
    });

  const reply = (orders: Order[], input: Record<string, unknown>, language = 'nl') =>
    server.graphql<ReplyData>(
      REPLY,
      { input },
      { token: tokensFor(server).consumer(orders), headers: { 'accept-language': language } },
    );

  const stored = (target: Order) => server.em().findOne(ConsumerReply, { order: target.id });

  it('saves a one-tap answer, changes it, and keeps the note when only the answer changes', async () => {
    const visit = await tuesdayOrder();
    const first = await reply([visit], { referenceNumber: visit.referenceNumber, answer: 'AT_HOME' });
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data?.replyToVisit).toMatchObject({ answer: 'AT_HOME', accessNote: null });
    await reply([visit], { referenceNumber: visit.referenceNumber, accessNote: '3e verdieping, bel 3B' });
    const changed = await reply([visit], { referenceNumber: visit.referenceNumber, answer: 'CALL_ME' });
    expect(changed.body.data?.replyToVisit).toMatchObject({ answer: 'CALL_ME', accessNote: '3e verdieping, bel 3B' });
    expect(await stored(visit)).toMatchObject({ answer: 'CALL_ME', accessNote: '3e verdieping, bel 3B' });

    const { body } = await server.graphql(VISITS, {}, { token: tokensFor(server).consumer([visit]) });
    expect(body.data).toEqual({
      consumerVisits: [
        {
          referenceNumber: visit.referenceNumber,
          replyOpen: true,
          reply: { answer: 'CALL_ME', accessNote: '3e verdieping, bel 3B' },
        },
      ],
    });
  });

  it('stores the note escaped, so it can never become markup; line breaks stay, tabs become spaces', async () => {
    const visit = await tuesdayOrder(9);
    const typed = `  <img src=x onerror="alert('x')"> & bel\taan\r\nachterom  `;
    const { body } = await reply([visit], { referenceNumber: visit.referenceNumber, accessNote: typed });
    const escaped = '&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt; &amp; bel aan\nachterom';
    expect(body.data?.replyToVisit?.accessNote).toBe(escaped);
    expect((await stored(visit))?.accessNote).toBe(escaped);
    expect(escaped).not.toMatch(/[<>"']/);
  });

  it('refuses a note over 300 characters, control characters and an empty reply, storing nothing', async () => {
    const visit = await tuesdayOrder(10);
    const tooLong = await reply([visit], { referenceNumber: visit.referenceNumber, accessNote: 'x'.repeat(301) });
    expect(tooLong.body.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: [{ field: 'accessNote', message: 'Dit veld mag hoogstens 300 tekens bevatten.' }],
    });
    const control = await reply([visit], { referenceNumber: visit.referenceNumber, accessNote: 'bel\u0007aan' }, 'fr');
    expect(control.body.errors?.[0].extensions?.fields).toEqual([
      {
        field: 'accessNote',
        message:
          'Cette note contient des caractères non autorisés ici, comme une tabulation ou un caractère de contrôle.',
      },
    ]);
    const empty = await reply([visit], { referenceNumber: visit.referenceNumber });
    expect(empty.body.errors?.[0]).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT' },
      message: 'Kies een antwoord of vul een notitie in.',
    });
    const badAnswer = await reply([visit], { referenceNumber: visit.referenceNumber, answer: 'MAYBE' });
    expect(badAnswer.status).toBe(400);
    expect(await stored(visit)).toBeNull();
  });

  it('counts 300 characters as people count them: 300 emoji fit', async () => {
    const visit = await tuesdayOrder(11);
    const { body } = await reply([visit], { referenceNumber: visit.referenceNumber, accessNote: '🔔'.repeat(300) });
    expect(body.data?.replyToVisit?.accessNote).toBe('🔔'.repeat(300));
  });

  it('removes the reply when the only note is cleared', async () => {
    const visit = await tuesdayOrder(12);
    await reply([visit], { referenceNumber: visit.referenceNumber, accessNote: 'Parkeren achter' });
    const { body } = await reply([visit], { referenceNumber: visit.referenceNumber, accessNote: '   ' });
    expect(body.errors).toBeUndefined();
    expect(body.data?.replyToVisit).toBeNull();
    expect(await stored(visit)).toBeNull();
  });

  it("is only for the data token's visits", async () => {
    const mine = await tuesdayOrder(13);
    const neighbours = await tuesdayOrder(14);
    const { body } = await reply([mine], { referenceNumber: neighbours.referenceNumber, answer: 'AT_HOME' });
    expect(body.errors?.[0].extensions?.code).toBe('VISIT_NOT_FOUND');
    expect(await stored(neighbours)).toBeNull();
    const technicianToken = tokensFor(server).technician(technician);
    const asTechnician = await server.graphql(
      REPLY,
      { input: { referenceNumber: mine.referenceNumber, answer: 'AT_HOME' } },
      { token: technicianToken },
    );
    expect(asTechnician.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('opens when the window is shown and closes when the visit starts (server clock)', async () => {
    const thursday = await createOrder(server.em(), {
      technician,
      appointment: new Date('2026-11-26T09:00:00+01:00'),
    });
    const early = await reply([thursday], { referenceNumber: thursday.referenceNumber, answer: 'AT_HOME' });
    expect(early.body.errors?.[0].extensions?.code).toBe('VISIT_WINDOW_NOT_AVAILABLE');

    const visit = await tuesdayOrder(15);
    await reply([visit], { referenceNumber: visit.referenceNumber, answer: 'AT_HOME' });
    try {
      server.services.clock.travelTo(new Date('2026-11-24T14:59:00+01:00'));
      const lastMinute = await reply([visit], { referenceNumber: visit.referenceNumber, answer: 'CALL_ME' });
      expect(lastMinute.body.data?.replyToVisit?.answer).toBe('CALL_ME');
      server.services.clock.travelTo(new Date('2026-11-24T15:00:00+01:00'));
      const closed = await reply([visit], { referenceNumber: visit.referenceNumber, answer: 'AT_HOME' });
      expect(closed.body.errors?.[0]).toMatchObject({
        extensions: { code: 'REPLY_CLOSED' },
        message: 'Uw bezoek is al begonnen (24-11-2026 15.00); uw antwoord kan niet meer worden gewijzigd.',
      });
      expect((await stored(visit))?.answer).toBe('CALL_ME');
      const { body } = await server.graphql<{ consumerVisits: { replyOpen: boolean }[] }>(
        VISITS,
        {},
        { token: tokensFor(server).consumer([visit]) },
      );
      expect(body.data?.consumerVisits[0].replyOpen).toBe(false);
    } finally {
      server.services.clock.travelTo(MONDAY_AFTERNOON);
    }
  });

  it('is rate-limited per order (CONSUMER_REPLY_PER_ORDER)', async () => {
    const visit = await tuesdayOrder(16);
    const answers = ['AT_HOME', 'CALL_ME'];
    for (let i = 0; i < 6; i++) {
      const { body } = await reply([visit], { referenceNumber: visit.referenceNumber, answer: answers[i % 2] });
      expect(body.errors).toBeUndefined();
    }
    const limited = await reply([visit], { referenceNumber: visit.referenceNumber, answer: 'AT_HOME' });
    expect(limited.body.errors?.[0].extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await stored(visit))?.answer).toBe('CALL_ME');
    const other = await tuesdayOrder(17);
    expect((await reply([other], { referenceNumber: other.referenceNumber, answer: 'AT_HOME' })).body.errors).toBe(
      undefined,
    );
  });

  it('flags the order for the technician (planner) and the admin (order screen)', async () => {
    const visit = await tuesdayOrder(18);
    const quiet = await tuesdayOrder(19);
    await reply([visit], { referenceNumber: visit.referenceNumber, answer: 'CALL_ME', accessNote: 'Bel <b>2x</b>' });

    const { body } = await server.graphql<{ technicianSchedule: { orders: { id: number; reply: unknown }[] } }>(
      SCHEDULE,
      {},
      { token: tokensFor(server).technician(technician) },
    );
    const byId = new Map(body.data!.technicianSchedule.orders.map((item) => [item.id, item.reply]));
    expect(byId.get(visit.id)).toEqual({ answer: 'CALL_ME', accessNote: 'Bel &lt;b&gt;2x&lt;/b&gt;' });
    expect(byId.get(quiet.id)).toBeNull();

    const admin = await createAdmin(server.em());
    const adminView = await server.graphql<{ orderByReference: { informed: { reply: unknown } } }>(
      ADMIN_ORDER,
      { referenceNumber: visit.referenceNumber },
      { token: tokensFor(server).admin(admin) },
    );
    expect(adminView.body.data?.orderByReference.informed.reply).toMatchObject({
      answer: 'CALL_ME',
      accessNote: 'Bel &lt;b&gt;2x&lt;/b&gt;',
    });
  });

  it('keeps the schedule at 3 statements with replies on its orders', async () => {
    const token = tokensFor(server).technician(technician);
    server.queries.length = 0;
    const { body } = await server.graphql<{ technicianSchedule: { orders: { reply: unknown }[] } }>(
      SCHEDULE,
      {},
      { token },
    );
    expect(body.data!.technicianSchedule.orders.filter((item) => item.reply !== null).length).toBeGreaterThan(3);
    expect(server.queries.length).toBeLessThanOrEqual(3);
  });
});
