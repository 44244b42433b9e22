import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { unsubscribe } from '../../../server/consumer-links/unsubscribes.js';
import {
  ConsumerMessage,
  MessageChannel,
  MessageKind,
  MessageStatus,
} from '../../../server/messages/consumer-message.entity.js';
import { MessagePlanner } from '../../../server/messages/message-planner.js';
import { Order } from '../../../server/orders/order.entity.js';
import { ScheduleConfirmation } from '../../../server/schedule/schedule-confirmation.entity.js';
import type { Technician } from '../../../server/technicians/technician.entity.js';
import { estimatesOfToday } from '../../../server/visit-estimates/index.js';
import { addDays, instantOf, type LocalDate } from '../../../shared/zoned-time.js';
import { publishMessagesNow, settleConsumerMessages } from '../../utils/consumer-messages.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import {
  startLocalSmtp,
  startTwilioStandIn,
  twilioEnv,
  type LocalSmtp,
  type TwilioStandIn,
} from '../../utils/message-transports.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { writeVisitStatus } from '../../utils/visit-day.js';

const ZONE = 'Europe/Amsterdam';
const TODAY: LocalDate = '2026-12-01'; // a Tuesday
const at = (hour: number, minute = 0) => instantOf(TODAY, hour, minute, ZONE);
const START = at(7);
const APP_URL = 'https://afspraak.tijdvak.example.nl';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('the notice of a visit running late', () => {
  let smtp: LocalSmtp;
  let twilio: TwilioStandIn;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    twilio = await startTwilioStandIn();
    server = await startTestServer({
      env: {
        SMTP_URL: smtp.url,
        ...twilioEnv(twilio),
        JOB_POLL_INTERVAL_MS: '300',
        MESSAGE_RETRY_DELAY_SECONDS: '1',
        APP_URL,
        CLOCK_NOW: START.toISOString(),
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await twilio?.close();
  });
  beforeEach(() => server.services.clock.travelTo(START));

  /**
   * Jan's confirmed day: a first visit at 8.00 he reached at 8.10 and is still at, and the visits of 9.00 given, each
   * told its window already.
   */
  const arrange = async (later: { phone: string; email?: string }[]) => {
    const em = server.em();
    const technician = await createTechnician(em, { firstname: 'Jan', lastname: 'Achternaam' });
    const first = await createOrder(em, { technician, appointment: at(8), phone: '06 11110000' });
    const orders: Order[] = [];
    for (const contact of later) {
      orders.push(
        await createOrder(em, {
          technician,
          appointment: at(9),
          phone: contact.phone,
          email: contact.email ?? `laat-${randomUUID()}@example.test`,
        }),
      );
    }
    em.create(ScheduleConfirmation, {
      technician,
      date: TODAY,
      confirmedAt: instantOf(addDays(TODAY, -1), 18, 0, ZONE),
    });
    await em.flush();
    await settleConsumerMessages(server);
    await writeVisitStatus(server.em(), first, {
      stage: 'ARRIVED',
      onTheWayAt: at(7, 50),
      expectedArrival: at(8, 10),
      arrivedAt: at(8, 10),
    });
    return { technician, first, orders };
  };

  const lateNotices = (order: Order) =>
    server.em().find(ConsumerMessage, { order: order.id, kind: MessageKind.RUNNING_LATE }, { orderBy: { id: 'asc' } });
  const settled = (order: Order) =>
    waitFor('the notice handled', async () => {
      const notices = await lateNotices(order);
      return notices.length > 0 && notices.every((notice) => notice.status !== MessageStatus.QUEUED);
    });
  const textsTo = (number: string) => twilio.messages.filter((sms) => sms.to === number);

  /** Two instances plan at once, as the minute's run may on several servers. */
  const planTwiceAtOnce = async () => {
    const planner = () => new MessagePlanner(server.services.orm, server.services.holidays, server.services.jobs);
    const now = server.services.clock.now();
    await Promise.all([planner().plan(now), planner().plan(now)]);
  };

  it('tells a visit pushed past its window once, by SMS with the new expected time and the personal link', async () => {
    const { first, orders } = await arrange([{ phone: '06 22223333' }]);
    const [late] = orders;
    // 10.30: the first visit runs long, but 9.00-12.00 still holds.
    server.services.clock.travelTo(at(10, 30));
    await publishMessagesNow(server);
    expect(await lateNotices(late)).toHaveLength(0);
    // 11.50, still at the first visit: the next arrival falls after 12.00.
    server.services.clock.travelTo(at(11, 50));
    await planTwiceAtOnce();
    await publishMessagesNow(server);
    await settled(late);
    const notices = await lateNotices(late);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ channel: MessageChannel.SMS, status: MessageStatus.SENT });
    const texts = textsTo('+31622223333').filter((sms) => sms.body.includes('later dan gepland'));
    expect(texts).toHaveLength(1);
    // Free at 11.50, twenty minutes' drive (the default without history).
    expect(texts[0].body).toContain('12.10');
    expect(texts[0].body).toContain(`${APP_URL}/`);
    expect(texts[0].body).toContain('Jan');
    // Later runs, an hour later still, tell nothing again; the visit being made is no late one.
    server.services.clock.travelTo(at(12, 50));
    await planTwiceAtOnce();
    await publishMessagesNow(server);
    expect(await lateNotices(late)).toHaveLength(1);
    expect(await lateNotices(first)).toHaveLength(0);

    // The office's board marks it.
    const admin = await createAdmin(server.em());
    const { body } = await server.graphql<{
      visitBoard: { technicians: { visits: { orderId: number; expectedLate: string | null }[] }[] };
    }>(
      '{ visitBoard(country: NL) { technicians { visits { orderId expectedLate } } } }',
      {},
      { token: tokensFor(server).admin(admin) },
    );
    expect(body.errors).toBeUndefined();
    const visits = body.data!.visitBoard.technicians.flatMap((technician) => technician.visits);
    expect(visits.find((visit) => visit.orderId === late.id)?.expectedLate).not.toBeNull();
    expect(visits.find((visit) => visit.orderId === first.id)?.expectedLate).toBeNull();
  });

  it('gives the board the instant after which waiting alone makes a visit expected late, and that instant holds', async () => {
    const { first, orders } = await arrange([{ phone: '06 33334444' }]);
    const [waiting] = orders;
    const admin = await createAdmin(server.em());
    const board = async () => {
      const { body } = await server.graphql<{
        visitBoard: {
          technicians: {
            visits: { orderId: number; expectedLate: string | null; expectedLateAfter: string | null }[];
          }[];
        };
      }>(
        '{ visitBoard(country: NL) { technicians { visits { orderId expectedLate expectedLateAfter } } } }',
        {},
        { token: tokensFor(server).admin(admin) },
      );
      expect(body.errors).toBeUndefined();
      const visits = body.data!.visitBoard.technicians.flatMap((technician) => technician.visits);
      return (order: Order) => visits.find((visit) => visit.orderId === order.id);
    };
    // 10.30, Jan still at the first visit: the 9.00-12.00 visit holds, and is late once he is not free by 11.40 (twenty
    // minutes' drive before 12.00). The visit being made never turns late by waiting.
    server.services.clock.travelTo(at(10, 30));
    let visit = await board();
    expect(visit(waiting)).toEqual({
      orderId: waiting.id,
      expectedLate: null,
      expectedLateAfter: at(11, 40).toISOString(),
    });
    expect(visit(first)?.expectedLateAfter).toBeNull();
    // A minute after it, the board read anew says what the open board works out: late, expected 12.01 (the clock runs
    // on from where it was put).
    server.services.clock.travelTo(at(11, 41));
    visit = await board();
    expect(visit(waiting)?.expectedLateAfter).toBeNull();
    const expected = Date.parse(visit(waiting)?.expectedLate ?? '');
    expect(expected).toBeGreaterThanOrEqual(at(12, 1).getTime());
    expect(expected).toBeLessThan(at(12, 2).getTime());
  });

  it('mails when there is no mobile number or it unsubscribed, and tells no finished or cancelled visit', async () => {
    const { orders } = await arrange([
      { phone: '030 1234567', email: 'vast-nummer@example.nl' },
      { phone: '06 44445555', email: 'afgemeld-sms@example.nl' },
      { phone: '06 55556666' },
      { phone: '06 66667777' },
    ]);
    const [landline, unsubscribed, finished, cancelled] = orders;
    await unsubscribe(server.em(), MessageChannel.SMS, '+31644445555', START);
    await writeVisitStatus(server.em(), finished, {
      stage: 'FINISHED',
      arrivedAt: at(7, 30),
      finishedAt: at(7, 45),
      outcome: 'REPAIRED',
    });
    await server.em().nativeUpdate(Order, cancelled.id, { deletedAt: at(7, 55) });
    server.services.clock.travelTo(at(11, 50));
    await publishMessagesNow(server);
    await settled(landline);
    await settled(unsubscribed);
    for (const order of [landline, unsubscribed]) {
      expect(await lateNotices(order)).toMatchObject([{ channel: MessageChannel.EMAIL, status: MessageStatus.SENT }]);
    }
    // One after the other: 12.10 for the first, its work and a drive later for the second.
    for (const [address, time] of [
      ['vast-nummer@example.nl', '12.10'],
      ['afgemeld-sms@example.nl', '13.15'],
    ]) {
      const mails = smtp.mails.filter(
        (mail) => mail.subject === 'De monteur is later dan gepland' && JSON.stringify(mail.to).includes(address),
      );
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toContain(`rond ${time} uur`);
    }
    expect(textsTo('+31644445555').filter((sms) => sms.body.includes('later'))).toHaveLength(0);
    expect(await lateNotices(finished)).toHaveLength(0);
    expect(await lateNotices(cancelled)).toHaveLength(0);
  });

  it("reads, after a change, the estimates of the changed visits' days only", async () => {
    const { first, orders } = await arrange([{ phone: '06 33334444' }]);
    const [late] = orders;
    const other = await createTechnician(server.em(), { firstname: 'Piet' });
    const elsewhere = await createOrder(server.em(), { technician: other, appointment: at(13), phone: '06 55556666' });
    const now = at(11, 50);
    const estimated = async (orderIds?: number[]) => [
      ...(await estimatesOfToday(server.em(), Country.NL, now, orderIds)).keys(),
    ];
    // Jan's day: his late visit is estimated with a change of his first one; Piet's day is not read then.
    expect(await estimated([first.id])).toEqual(expect.arrayContaining([first.id, late.id]));
    expect(await estimated([first.id])).not.toContain(elsewhere.id);
    expect(await estimated([elsewhere.id])).toEqual([elsewhere.id]);
    expect(await estimated([])).toEqual([]);
    // The minute's run reads the whole country's day.
    expect(await estimated()).toEqual(expect.arrayContaining([first.id, late.id, elsewhere.id]));
  });

  it("tells by the technician's own estimate past the window, even before the day's order was confirmed", async () => {
    const technician: Technician = await createTechnician(server.em(), { firstname: 'Luuk' });
    const order = await createOrder(server.em(), { technician, appointment: at(8), phone: '06 77778888' });
    await settleConsumerMessages(server);
    server.services.clock.travelTo(at(10, 40));
    const { body } = await server.graphql(
      'mutation ($input: SetVisitStatusInput!) { setVisitStatus(input: $input) { id } }',
      {
        input: {
          orderId: order.id,
          stage: 'ON_THE_WAY',
          expectedArrival: at(11, 20).toISOString(),
          requestId: randomUUID(),
        },
      },
      { token: tokensFor(server).technician(technician) },
    );
    expect(body.errors).toBeUndefined();
    await publishMessagesNow(server);
    await settled(order);
    // The full text would pass 160 characters here: the short one goes.
    const texts = textsTo('+31677778888').filter((sms) => sms.body.includes('is later'));
    expect(texts).toHaveLength(1);
    expect(texts[0].body).toContain('11.20');
  });
});
