import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsumerMessage, MessageChannel, MessageKind } from '../../../server/messages/consumer-message.entity.js';
import { AFTER_UNDO_QUEUE } from '../../../server/messages/message-planner.js';
import type { Order } from '../../../server/orders/order.entity.js';
import {
  passUndoAndPublish,
  publishMessagesNow,
  settleConsumerMessages,
  waitForMessagesSent,
} from '../../utils/consumer-messages.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import {
  startLocalSmtp,
  startTwilioStandIn,
  type LocalSmtp,
  type TwilioStandIn,
  twilioEnv,
} from '../../utils/message-transports.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const DELETE = `mutation ($id: Int!) { deleteOrder(id: $id) { id } }`;
const RESTORE = `mutation ($id: Int!) { restoreOrder(id: $id) { id } }`;
const RESCHEDULE = `mutation ($input: RescheduleOrderInput!) { rescheduleOrder(input: $input) { id } }`;

/** Tuesday 1 December 2026, 14:00 in Amsterdam: the windows of Wednesday are shown since 13:30. */
const NOW = new Date('2026-12-01T14:00:00+01:00');
const WEDNESDAY_TEN = new Date('2026-12-02T10:00:00+01:00');
const WEDNESDAY_ONE = new Date('2026-12-02T13:00:00+01:00');

async function waitFor(what: string, condition: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a change the admin can still undo is told only once its undo has passed', { timeout: 120_000 }, () => {
  let smtp: LocalSmtp;
  let twilio: TwilioStandIn;
  let server: TestServer;
  let adminToken: string;

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    twilio = await startTwilioStandIn();
    server = await startTestServer({
      env: {
        SMTP_URL: smtp.url,
        ...twilioEnv(twilio),
        JOB_POLL_INTERVAL_MS: '300',
        MESSAGE_RETRY_DELAY_SECONDS: '1',
        CLOCK_NOW: NOW.toISOString(),
      },
    });
    adminToken = tokensFor(server).admin(await createAdmin(server.em()));
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await twilio?.close();
  });

  /** A visit of Wednesday 10:00 whose window was told by mail and SMS. */
  const arrange = async (email: string, phone: string) => {
    const technician = await createTechnician(server.em());
    const order = await createOrder(server.em(), { technician, appointment: WEDNESDAY_TEN, email, phone });
    await settleConsumerMessages(server);
    expect(await kindsOf(order)).toEqual([MessageKind.WINDOW, MessageKind.WINDOW]);
    return order;
  };
  const act = async (mutation: string, order: Order) => {
    const { body } = await server.graphql(mutation, { id: order.id }, { token: adminToken });
    expect(body.errors).toBeUndefined();
  };
  const cancellationChannels = async (order: Order) => {
    const { body } = await server.graphql<{ orderCancellationChannels: string[] }>(
      `query ($id: Int!) { orderCancellationChannels(orderId: $id) }`,
      { id: order.id },
      { token: adminToken },
    );
    expect(body.errors).toBeUndefined();
    return body.data?.orderCancellationChannels;
  };
  /** The job queued for the end of an order's undo has run (it starts by real time, whatever the server's clock). */
  const planAfterUndoDone = (order: Order) =>
    waitFor('the plan after the undo', async () => {
      const rows = await server
        .em()
        .getConnection()
        .execute<{ state: string }[]>(`select state from pgboss.job where name = ? and (data->>'orderId')::int = ?`, [
          AFTER_UNDO_QUEUE,
          order.id,
        ]);
      return rows.some((row) => row.state === 'completed');
    });
  const kindsOf = async (order: Order, channel?: MessageChannel) =>
    (
      await server
        .em()
        .find(ConsumerMessage, { order: order.id, ...(channel ? { channel } : {}) }, { orderBy: { id: 'asc' } })
    ).map((message) => message.kind);
  const mailsTo = (address: string) =>
    smtp.mails.filter(
      (mail) => mail.to && !Array.isArray(mail.to) && mail.to.value.some((to) => to.address === address),
    );
  const textsTo = (number: string) => twilio.messages.filter((sms) => sms.to === number);

  it('sends nothing at all for a delete undone at once, not even after the undo has passed', async () => {
    const order = await arrange('spijt@example.nl', '06 31415926');
    await act(DELETE, order);
    await act(RESTORE, order);
    // A publication while the undo is still offered, and one after it: neither tells anything.
    await publishMessagesNow(server);
    await passUndoAndPublish(server);
    await waitForMessagesSent(server);

    expect(await kindsOf(order)).toEqual([MessageKind.WINDOW, MessageKind.WINDOW]);
    expect(mailsTo('spijt@example.nl').map((mail) => mail.subject)).toEqual([
      'Uw monteur komt woensdag 2 december tussen 10.00 en 13.00 uur',
    ]);
    expect(textsTo('+31631415926')).toHaveLength(1);
  });

  it('tells a delete that was kept exactly once, by the job that runs when the undo has passed', async () => {
    const order = await arrange('weg@example.nl', '06 27182818');
    // What the delete dialog says: the cancellation would go where the window went.
    expect(await cancellationChannels(order)).toEqual(['EMAIL', 'SMS']);
    await act(DELETE, order);
    // The minute's publication while the undo is offered writes nothing for the order.
    await publishMessagesNow(server);
    expect(await kindsOf(order)).toEqual([MessageKind.WINDOW, MessageKind.WINDOW]);

    // No clock moved here: the job queued for the end of the undo decides, by real time.
    await planAfterUndoDone(order);
    await waitForMessagesSent(server);
    await passUndoAndPublish(server);
    await waitForMessagesSent(server);

    expect(await kindsOf(order, MessageChannel.EMAIL)).toEqual([MessageKind.WINDOW, MessageKind.CANCELLATION]);
    expect(await kindsOf(order, MessageChannel.SMS)).toEqual([MessageKind.WINDOW, MessageKind.CANCELLATION]);
    expect(mailsTo('weg@example.nl').map((mail) => mail.subject)).toEqual([
      'Uw monteur komt woensdag 2 december tussen 10.00 en 13.00 uur',
      'Uw afspraak van woensdag 2 december gaat niet door',
    ]);
    expect(textsTo('+31627182818')).toHaveLength(2);
  });

  it('says in advance that a delete tells nobody when nothing was told yet', async () => {
    const technician = await createTechnician(server.em());
    // Thursday's window is shown from Wednesday 13:30.
    const order = await createOrder(server.em(), {
      technician,
      appointment: new Date('2026-12-03T10:00:00+01:00'),
      email: 'later@example.nl',
      phone: '06 12345678',
    });
    expect(await cancellationChannels(order)).toEqual([]);
  });

  it('tells only what the last state needs after delete, undo, delete and restore', async () => {
    const order = await arrange('heen-en-weer@example.nl', '06 16180339');
    await act(DELETE, order);
    await act(RESTORE, order);
    await act(DELETE, order);
    await act(RESTORE, order);
    await publishMessagesNow(server);
    await passUndoAndPublish(server);
    await waitForMessagesSent(server);
    // Restored in the end, with the window the consumer was told: nothing to say.
    expect(await kindsOf(order)).toEqual([MessageKind.WINDOW, MessageKind.WINDOW]);
    expect(mailsTo('heen-en-weer@example.nl')).toHaveLength(1);
    expect(textsTo('+31616180339')).toHaveLength(1);

    // Deleted in the end: one cancellation per channel, however often it went back and forth.
    const again = await arrange('toch-weg@example.nl', '06 14142135');
    await act(DELETE, again);
    await act(RESTORE, again);
    await act(DELETE, again);
    await publishMessagesNow(server);
    await passUndoAndPublish(server);
    await waitForMessagesSent(server);
    expect(await kindsOf(again, MessageChannel.EMAIL)).toEqual([MessageKind.WINDOW, MessageKind.CANCELLATION]);
    expect(await kindsOf(again, MessageChannel.SMS)).toEqual([MessageKind.WINDOW, MessageKind.CANCELLATION]);
    expect(mailsTo('toch-weg@example.nl').map((mail) => mail.subject)).toEqual([
      'Uw monteur komt woensdag 2 december tussen 10.00 en 13.00 uur',
      'Uw afspraak van woensdag 2 december gaat niet door',
    ]);
    expect(textsTo('+31614142135')).toHaveLength(2);
  });

  const moveTo = async (order: Order, appointment: Date) => {
    const { body } = await server.graphql(
      RESCHEDULE,
      { input: { orderId: order.id, appointment: appointment.toISOString() } },
      { token: adminToken },
    );
    expect(body.errors).toBeUndefined();
  };

  it("tells an office's move of the visit once, with the new window, when its undo has passed", async () => {
    const order = await arrange('verzet@example.nl', '06 11235813');
    await moveTo(order, WEDNESDAY_ONE);
    // The minute's publication while the undo is offered writes nothing for the order.
    await publishMessagesNow(server);
    expect(await kindsOf(order)).toEqual([MessageKind.WINDOW, MessageKind.WINDOW]);

    // The move is heard as a change: the job queued for the end of its undo tells it, by real time.
    await planAfterUndoDone(order);
    await waitForMessagesSent(server);
    await passUndoAndPublish(server);
    await waitForMessagesSent(server);

    for (const channel of [MessageChannel.EMAIL, MessageChannel.SMS]) {
      expect(await kindsOf(order, channel)).toEqual([MessageKind.WINDOW, MessageKind.UPDATE]);
    }
    const updates = await server.em().find(ConsumerMessage, { order: order.id, kind: MessageKind.UPDATE });
    expect(updates.map((message) => message.windowStart.toISOString())).toEqual([
      WEDNESDAY_ONE.toISOString(),
      WEDNESDAY_ONE.toISOString(),
    ]);
    const mails = mailsTo('verzet@example.nl');
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain('13.00');
    expect(textsTo('+31611235813')).toHaveLength(2);
  });

  it('tells nothing of a move undone within the undo time', async () => {
    const order = await arrange('toch-niet-verzet@example.nl', '06 17320508');
    await moveTo(order, WEDNESDAY_ONE);
    await publishMessagesNow(server);
    await moveTo(order, WEDNESDAY_TEN);
    await publishMessagesNow(server);
    await passUndoAndPublish(server);
    await waitForMessagesSent(server);
    expect(await kindsOf(order)).toEqual([MessageKind.WINDOW, MessageKind.WINDOW]);
    expect(mailsTo('toch-niet-verzet@example.nl')).toHaveLength(1);
    expect(textsTo('+31617320508')).toHaveLength(1);
  });
});
