import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { LinkPurpose, signLinkToken, visitBinding } from '../../../server/consumer-links/link-token.js';
import { ConsumerMessage, MessageKind, MessageStatus } from '../../../server/messages/consumer-message.entity.js';
import { Order } from '../../../server/orders/order.entity.js';
import { INCLUDING_DELETED } from '../../../server/orders/repository/active-orders.js';
import { passUndoAndPublish, settleConsumerMessages } from '../../utils/consumer-messages.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startLocalSmtp, type LocalSmtp } from '../../utils/message-transports.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { postGraphQLUpload } from '../../utils/upload.js';

const OPEN = /* GraphQL */ `
  mutation OpenPersonalLink($token: String!) {
    openPersonalLink(token: $token) {
      __typename
      ... on PersonalLinkRefused {
        reason
      }
    }
  }
`;
const VISITS = `query ConsumerVisits { consumerVisits { date appointment } }`;
const DELETE = `mutation DeleteOrder($id: Int!) { deleteOrder(id: $id) { id } }`;
const RESTORE = `mutation RestoreOrder($id: Int!) { restoreOrder(id: $id) { id } }`;
const REASSIGN = `mutation ReassignOrder($input: ReassignOrderInput!) { reassignOrder(input: $input) { id } }`;
const RESCHEDULE = `mutation RescheduleOrder($input: RescheduleOrderInput!) { rescheduleOrder(input: $input) { id } }`;
const CONFIRM = /* GraphQL */ `
  mutation ConfirmSchedule($input: ConfirmScheduleInput!) {
    confirmSchedule(input: $input) {
      schedule {
        locked
      }
    }
  }
`;
const IMPORT = /* GraphQL */ `
  mutation Import($country: Country!, $file: Upload!) {
    importOrders(country: $country, file: $file) {
      __typename
    }
  }
`;

/** Tuesday 1 December 2026, 14:00 in Amsterdam: the windows of Wednesday are shown since 13:30. */
const NOW = new Date('2026-12-01T14:00:00+01:00');
const WEDNESDAY_TEN = new Date('2026-12-02T10:00:00+01:00');

async function waitFor<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 75_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The personal link's token in a mail as the consumer received it. */
function linkIn(mail: ParsedMail): string {
  const match = /\/v\/([0-9a-z]+\.[\w-]{8}\.[\w-]{16})/.exec(mail.text ?? '');
  if (!match) throw new Error(`no personal link in "${mail.subject}"`);
  return match[1];
}

describe('a personal link lives with its order: through moves and reassignments, never past a delete', () => {
  let smtp: LocalSmtp;
  let server: TestServer;
  let adminToken: string;

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    server = await startTestServer({
      env: {
        SMTP_URL: smtp.url,
        JOB_POLL_INTERVAL_MS: '300',
        MESSAGE_RETRY_DELAY_SECONDS: '1',
        APP_URL: 'https://afspraak.tijdvak.example.nl',
        CLOCK_NOW: NOW.toISOString(),
        RATE_LIMIT_PERSONAL_LINK_PER_CLIENT: '1000/900',
      },
    });
    adminToken = tokensFor(server).admin(await createAdmin(server.em()));
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const open = async (token: string) => {
    const { body } = await server.graphql<{ openPersonalLink: { __typename: string; reason?: string } }>(OPEN, {
      token,
    });
    expect(body.errors).toBeUndefined();
    return body.data!.openPersonalLink;
  };
  /** The visits the page of the link shows, as they are now. */
  const visitsOf = async (token: string) => {
    const { body } = await server.graphql<{ openPersonalLink: { dataToken: string } }>(
      `mutation OpenForData($token: String!) { openPersonalLink(token: $token) { ... on PersonalLinkOpened { dataToken } } }`,
      { token },
    );
    const { body: visits } = await server.graphql<{ consumerVisits: { date: string; appointment: string | null }[] }>(
      VISITS,
      {},
      { token: body.data!.openPersonalLink.dataToken },
    );
    expect(visits.errors).toBeUndefined();
    return visits.data!.consumerVisits;
  };
  const act = async (query: string, variables: Record<string, unknown>) => {
    const { body } = await server.graphql(query, variables, { token: adminToken });
    expect(body.errors).toBeUndefined();
  };
  const mailsTo = (address: string) =>
    smtp.mails.filter((mail) => !Array.isArray(mail.to) && mail.to?.value.some((to) => to.address === address));
  /** The mail of this kind to the address, once it was sent. */
  const mailOf = (order: Order, kind: MessageKind, subjectStart: string) =>
    waitFor(`the ${kind} mail`, async () => {
      const message = await server
        .em()
        .findOne(ConsumerMessage, { order: order.id, kind }, { refresh: true, orderBy: { id: 'desc' } });
      if (message?.status !== MessageStatus.SENT) return undefined;
      return mailsTo(order.email).find((mail) => mail.subject?.startsWith(subjectStart));
    });
  /** A visit of Wednesday 10:00 whose window was told by mail: the link the consumer holds. */
  const arrange = async (email: string, phone = '') => {
    const technician = await createTechnician(server.em());
    const order = await createOrder(server.em(), { technician, appointment: WEDNESDAY_TEN, email, phone });
    await settleConsumerMessages(server);
    const told = await mailOf(order, MessageKind.WINDOW, 'Uw monteur komt');
    return { order, technician, link: linkIn(told) };
  };

  it('keeps opening the order after a reassignment, a reassignment back and a shift of the time', async () => {
    const { order, technician, link } = await arrange('blijft@example.nl');
    const other = await createTechnician(server.em());
    expect(await open(link)).toEqual({ __typename: 'PersonalLinkOpened' });

    await act(REASSIGN, { input: { referenceNumber: order.referenceNumber, technician: String(other.id) } });
    expect(await open(link)).toEqual({ __typename: 'PersonalLinkOpened' });
    await act(REASSIGN, { input: { referenceNumber: order.referenceNumber, technician: String(technician.id) } });
    expect(await open(link)).toEqual({ __typename: 'PersonalLinkOpened' });

    // Two hours later the same day, as a new import of the order would have it.
    const em = server.em();
    const shifted = await em.findOneOrFail(Order, order.id);
    shifted.appointment = new Date(WEDNESDAY_TEN.getTime() + 2 * 3600_000);
    await em.flush();
    expect(await open(link)).toEqual({ __typename: 'PersonalLinkOpened' });
  });

  it('keeps opening the current state after the technician shifts the visit an hour and an admin moves it', async () => {
    const { order, technician, link } = await arrange('verschoven@example.nl');
    const ELEVEN = new Date(WEDNESDAY_TEN.getTime() + 3600_000);
    const { body: confirmed } = await server.graphql(
      CONFIRM,
      { input: { appointments: [{ orderId: order.id, appointment: ELEVEN.toISOString(), duration: 10800 }] } },
      { token: tokensFor(server).technician(technician) },
    );
    expect(confirmed.errors).toBeUndefined();
    expect(await open(link)).toEqual({ __typename: 'PersonalLinkOpened' });
    // The page shows the visit as it is now, not as the link's message told it.
    expect(await visitsOf(link)).toEqual([{ date: '2026-12-02', appointment: ELEVEN.toISOString() }]);
    // The update about the new hour carries a link too; the first still opens beside it.
    const update = linkIn(await mailOf(order, MessageKind.UPDATE, 'Gewijzigd: uw monteur komt'));
    expect(await open(update)).toEqual({ __typename: 'PersonalLinkOpened' });

    const THURSDAY_NINE = new Date('2026-12-03T09:00:00+01:00');
    await act(RESCHEDULE, { input: { orderId: order.id, appointment: THURSDAY_NINE.toISOString() } });
    expect(await open(link)).toEqual({ __typename: 'PersonalLinkOpened' });
    expect(await visitsOf(link)).toEqual([{ date: '2026-12-03', appointment: null }]);

    // It ends with the day of the visit as it is now, not the day it was first told for.
    try {
      server.services.clock.travelTo(new Date('2026-12-03T23:59:00+01:00'));
      expect(await open(link)).toEqual({ __typename: 'PersonalLinkOpened' });
      server.services.clock.travelTo(new Date('2026-12-04T00:00:00+01:00'));
      expect(await open(link)).toEqual({ __typename: 'PersonalLinkRefused', reason: 'EXPIRED' });
    } finally {
      server.services.clock.travelTo(NOW);
    }
  });

  it('dies with a delete and stays dead after the restore; the link of the restore message opens the order', async () => {
    const { order, link } = await arrange('terug@example.nl');
    await act(DELETE, { id: order.id });
    expect(await open(link)).toEqual({ __typename: 'PersonalLinkRefused', reason: 'REVOKED' });
    await passUndoAndPublish(server);
    await mailOf(order, MessageKind.CANCELLATION, 'Uw afspraak van');

    await act(RESTORE, { id: order.id });
    expect(await open(link)).toEqual({ __typename: 'PersonalLinkRefused', reason: 'REVOKED' });
    const restored = await mailOf(order, MessageKind.RESTORED, 'Uw afspraak gaat toch door');
    const fresh = linkIn(restored);
    expect(fresh).not.toBe(link);
    expect(await open(fresh)).toEqual({ __typename: 'PersonalLinkOpened' });
    // Restored, the order keeps the generation the delete gave it: the old link never comes back.
    const stored = await server.em().findOneOrFail(Order, order.id, { ...INCLUDING_DELETED, refresh: true });
    expect(stored.linkGeneration).toBe(1);
  });

  it('dies when an import replaces an address it went to, not when it adds one or changes a notation or the name', async () => {
    const importRow = async (reference: string, name: string, email: string, phone: string) => {
      const file =
        'reference_number;name;email;phone;zipcode;house_number;city;date;time;technician\r\n' +
        `${reference};${name};${email};${phone};1234 AB;10;Utrecht;02-12-2026;10:00/13:00;\r\n`;
      const { body } = await postGraphQLUpload<{ importOrders: { __typename: string } }>(
        server.url,
        IMPORT,
        { country: 'NL' },
        'file',
        { name: 'orders.csv', content: file },
        { token: adminToken },
      );
      expect(body.data?.importOrders.__typename).toBe('ImportOrdersSuccess');
    };
    // Stored without a phone number, as orders of before the number was required may be.
    const byMail = await arrange('eerste@example.nl', '');
    const reference = byMail.order.referenceNumber;
    // The same person: a corrected name, the address in capitals, the phone number the order lacked.
    await importRow(reference, 'Anna de Boer-Jansen', 'Eerste@Example.nl', '030 2345678');
    expect(await open(byMail.link)).toEqual({ __typename: 'PersonalLinkOpened' });
    // The number in another notation is the same number.
    await importRow(reference, 'Anna de Boer-Jansen', 'eerste@example.nl', '+31 30 234 5678');
    expect(await open(byMail.link)).toEqual({ __typename: 'PersonalLinkOpened' });
    // Another mailbox: whoever reads the old one may not be the consumer any more.
    await importRow(reference, 'Anna de Boer-Jansen', 'nieuwe.bewoner@example.nl', '030 2345678');
    expect(await open(byMail.link)).toEqual({ __typename: 'PersonalLinkRefused', reason: 'REVOKED' });

    const byPhone = await arrange('tweede@example.nl', '030 2345679');
    await importRow(byPhone.order.referenceNumber, 'Klant', 'tweede@example.nl', '030 9876543');
    expect(await open(byPhone.link)).toEqual({ __typename: 'PersonalLinkRefused', reason: 'REVOKED' });
  });

  it('takes a link sent before links had generations for its visit, until the order is deleted', async () => {
    const technician = await createTechnician(server.em());
    const order = await createOrder(server.em(), { technician, appointment: WEDNESDAY_TEN, phone: '' });
    // As the server wrote links before: bound to the visit's time and technician.
    const visit = { id: order.id, appointment: WEDNESDAY_TEN, technicianId: technician.id };
    const earlier = signLinkToken(
      server.services.config.jwtSecret,
      LinkPurpose.PERSONAL,
      order.id,
      visitBinding(visit),
    );
    expect(await open(earlier)).toEqual({ __typename: 'PersonalLinkOpened' });
    await act(DELETE, { id: order.id });
    await act(RESTORE, { id: order.id });
    expect(await open(earlier)).toEqual({ __typename: 'PersonalLinkRefused', reason: 'REVOKED' });
  });
});
