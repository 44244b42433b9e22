import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { personalLinkToken } from '../../../server/consumer-links/personal-link.js';
import { ratingLinkToken } from '../../../server/consumer-links/rating-link.js';
import { unsubscribe } from '../../../server/consumer-links/unsubscribes.js';
import {
  ConsumerMessage,
  MessageChannel,
  MessageKind,
  MessageStatus,
} from '../../../server/messages/consumer-message.entity.js';
import { gsm7Length, SMS_MAX_LENGTH } from '../../../server/messages/message-content.js';
import { MessageSetting } from '../../../server/message-settings/message-setting.entity.js';
import type { Order } from '../../../server/orders/order.entity.js';
import { VisitRating } from '../../../server/ratings/visit-rating.entity.js';
import type { Technician } from '../../../server/technicians/technician.entity.js';
import { publishMessagesNow, settleConsumerMessages, waitForMessagesSent } from '../../utils/consumer-messages.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import {
  startLocalSmtp,
  startTwilioStandIn,
  type LocalSmtp,
  type TwilioStandIn,
  twilioEnv,
} from '../../utils/message-transports.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const SET = /* GraphQL */ `
  mutation ($input: SetVisitStatusInput!) {
    setVisitStatus(input: $input) {
      id
    }
  }
`;
const RATING_LINK = /* GraphQL */ `
  query ($token: String!) {
    ratingLink(token: $token) {
      __typename
      ... on RatingLinkVisit {
        referenceNumber
        language
        ratingOpenUntil
        rating {
          score
          comment
        }
      }
      ... on RatingLinkRefused {
        reason
        orderLanguage
      }
    }
  }
`;
const RATE = /* GraphQL */ `
  mutation ($input: RateVisitByLinkInput!) {
    rateVisitByLink(input: $input) {
      __typename
      ... on RatingLinkVisit {
        referenceNumber
        rating {
          score
          comment
        }
      }
      ... on RatingLinkRefused {
        reason
        orderLanguage
      }
    }
  }
`;
const OPEN_PERSONAL_LINK = /* GraphQL */ `
  mutation ($token: String!) {
    openPersonalLink(token: $token) {
      __typename
      ... on PersonalLinkRefused {
        reason
      }
    }
  }
`;
const DELETE = `mutation ($id: Int!) { deleteOrder(id: $id) { id } }`;
const RESEND = `mutation ($messageId: Int!) { resendConsumerMessage(messageId: $messageId) { id status } }`;

/** Tuesday 1 December 2026, 09:00 in Amsterdam and Brussels; the visits are today at 10:00. */
const NOW = new Date('2026-12-01T09:00:00+01:00');
const TEN = new Date('2026-12-01T10:00:00+01:00');
/** When the technician taps "Afgerond" in these tests. */
const FINISHED_AT = new Date('2026-12-01T11:00:00+01:00');
const minutesAfterFinish = (minutes: number) => new Date(FINISHED_AT.getTime() + minutes * 60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

const mailsTo = (smtp: LocalSmtp, address: string): ParsedMail[] =>
  smtp.mails.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value.some((to) => to.address === address));

/** A GET as a mail scanner sends it: no cookies, no script. */
function rawGet(baseUrl: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, baseUrl), { method: 'GET', headers: { accept: 'text/html,*/*' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

function envFor(smtp: LocalSmtp, twilio: TwilioStandIn): Record<string, string> {
  return {
    SMTP_URL: smtp.url,
    ...twilioEnv(twilio),
    JOB_POLL_INTERVAL_MS: '300',
    MESSAGE_RETRY_DELAY_SECONDS: '1',
    APP_URL: 'https://afspraak.tijdvak.example.nl',
    CLOCK_NOW: NOW.toISOString(),
  };
}

describe('the thank-you with the rating link after a finished visit', () => {
  let smtp: LocalSmtp;
  let twilio: TwilioStandIn;
  let server: TestServer;
  /** Addresses the SMTP server refuses for now (450), to make a first try fail. */
  const busy = new Set<string>();

  beforeAll(async () => {
    smtp = await startLocalSmtp(0, { refuseRecipient: (address) => busy.has(address) });
    twilio = await startTwilioStandIn();
    server = await startTestServer({ env: envFor(smtp, twilio) });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await twilio?.close();
  });

  const travel = (to: Date) => server.services.clock.travelTo(to);

  /** A visit of today at 10:00 whose window was told; the clock back at 09:00. */
  const arrange = async (country: Country, contact: { email: string; phone: string }) => {
    travel(NOW);
    const technician = await createTechnician(server.em(), { country, firstname: 'Jan' });
    const order = await createOrder(server.em(), {
      country,
      zipcode: country === Country.BE ? '1000' : '1234 AB',
      technician,
      appointment: TEN,
      ...contact,
    });
    await settleConsumerMessages(server);
    return { order, technician };
  };
  const finish = async (technician: Technician, order: Order, outcome = 'REPAIRED') => {
    travel(FINISHED_AT);
    const { body } = await server.graphql(
      SET,
      { input: { orderId: order.id, stage: 'FINISHED', outcome, requestId: randomUUID() } },
      { token: tokensFor(server).technician(technician) },
    );
    expect(body.errors).toBeUndefined();
  };
  const thanks = (order: Order) =>
    server.em().find(ConsumerMessage, { order: order.id, kind: MessageKind.THANK_YOU }, { orderBy: { id: 'asc' } });
  /** The minute's run at `at`, and every message it wrote handed over. */
  const publishAt = async (at: Date) => {
    travel(at);
    await publishMessagesNow(server);
    await waitForMessagesSent(server);
  };

  it('thanks once by mail, a few minutes after "Afgerond" and not before, in Dutch, with the rating link', async () => {
    const { order, technician } = await arrange(Country.NL, { email: 'bedankt@example.nl', phone: '06 12345678' });
    // Before the visit is finished: nothing.
    await publishAt(new Date('2026-12-01T10:30:00+01:00'));
    expect(await thanks(order)).toEqual([]);

    await finish(technician, order);
    // Right after the tap, and four minutes later: a mis-tap is still being corrected.
    await publishAt(minutesAfterFinish(4));
    expect(await thanks(order)).toEqual([]);

    // Past the five minutes (the test clock runs on from the tap, so five minutes sharp may be a moment early).
    await publishAt(minutesAfterFinish(6));
    const [message, ...more] = await thanks(order);
    expect(more).toEqual([]);
    expect(message).toMatchObject({ channel: MessageChannel.EMAIL, status: MessageStatus.SENT, tries: 1 });

    const [mail, ...otherMails] = mailsTo(smtp, 'bedankt@example.nl').filter((item) =>
      item.subject?.startsWith('Bedankt'),
    );
    expect(otherMails).toEqual([]);
    expect(mail.subject).toBe('Bedankt voor uw tijd: hoe was het bezoek?');
    expect(mail.text).toContain('Onze monteur is op dinsdag 1 december bij u geweest.');
    expect(mail.text).toContain('Uw apparaat is gerepareerd.');
    expect(mail.text).toContain('Dat kan tot dinsdag 8 december 11.00 uur.');
    expect(mail.text).toContain(order.referenceNumber);
    const token = ratingLinkToken(server.services.config, order);
    expect(mail.text).toContain(`https://afspraak.tijdvak.example.nl/b/${token}\n`);
    expect(mail.html).toContain(`href="https://afspraak.tijdvak.example.nl/b/${token}"`);
    // The personal link ended with the visit day: the mail has no link to the details page or the replies.
    expect(mail.text).not.toMatch(/\/v\/[\w.-]+(\?|\n)/);
    const header = (name: string) => mail.headerLines.find((line) => line.key === name)?.line;
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe')).toMatch(
      /^List-Unsubscribe:\s+<https:\/\/afspraak\.tijdvak\.example\.nl\/v\/.+\/afmelden>$/,
    );
    // Mail first: the order's mobile number gets no second thank-you.
    expect(twilio.messages.filter((sms) => sms.to === '+31612345678' && sms.body.includes('bezoek'))).toEqual([]);

    // Later runs, any instance: nothing more.
    await publishAt(minutesAfterFinish(30));
    expect(await thanks(order)).toHaveLength(1);

    // An admin may send it again while the visit can be rated (the visit itself is over), not after.
    const admin = await createAdmin(server.em());
    // A token signed at the clock's now: a week later the first one has expired.
    const resend = async () =>
      (await server.graphql(RESEND, { messageId: message.id }, { token: tokensFor(server).admin(admin) })).body
        .errors?.[0]?.extensions?.code;
    expect(await resend()).toBeUndefined();
    await waitForMessagesSent(server);
    expect((await thanks(order))[0]).toMatchObject({ status: MessageStatus.SENT, tries: 2 });
    travel(new Date(FINISHED_AT.getTime() + 7 * 86_400_000 + 1_000));
    expect(await resend()).toBe('MESSAGE_RATING_CLOSED');
  });

  it('is sent once by two instances planning together, and once over a failed first try', async () => {
    const { order, technician } = await arrange(Country.NL, { email: 'twee@example.nl', phone: '' });
    await finish(technician, order);
    busy.add('twee@example.nl');
    const second = await startTestServer({ database: server.database, env: envFor(smtp, twilio) });
    try {
      second.services.clock.travelTo(minutesAfterFinish(6));
      travel(minutesAfterFinish(6));
      await Promise.all([publishMessagesNow(server), publishMessagesNow(second)]);
      await waitFor('a failed first try', async () => ((await thanks(order))[0]?.tries ?? 0) >= 1);
      busy.delete('twee@example.nl');
      await waitForMessagesSent(server);
      await Promise.all([publishMessagesNow(server), publishMessagesNow(second)]);
      await waitForMessagesSent(server);
    } finally {
      busy.delete('twee@example.nl');
      await second.stop();
    }
    const rows = await thanks(order);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: MessageStatus.SENT, tries: 2 });
    expect(mailsTo(smtp, 'twee@example.nl').filter((mail) => mail.subject?.startsWith('Bedankt'))).toHaveLength(1);
  });

  it('is in French for a Belgian visit, and goes by SMS when the order has no mail address', async () => {
    const withMail = await arrange(Country.BE, { email: 'merci@example.be', phone: '0470 99 88 77' });
    await finish(withMail.technician, withMail.order, 'FOLLOW_UP_PARTS');
    const smsOnly = await arrange(Country.BE, { email: '', phone: '0471 99 88 77' });
    await finish(smsOnly.technician, smsOnly.order);
    await publishAt(minutesAfterFinish(6));

    const [mail] = mailsTo(smtp, 'merci@example.be').filter((item) => item.subject?.startsWith('Merci'));
    expect(mail.subject).toBe("Merci pour votre temps\u00a0: comment s'est passée la visite\u00a0?");
    expect(mail.text).toContain('Une visite de suivi aura lieu\u00a0: les pièces sont commandées.');
    expect(mail.text).toContain(`/b/${ratingLinkToken(server.services.config, withMail.order)}`);

    expect((await thanks(smsOnly.order)).map((message) => message.channel)).toEqual([MessageChannel.SMS]);
    const [sms] = twilio.messages.filter((text) => text.to === '+32471998877' && text.body.includes('/b/'));
    expect(sms.body).toBe(
      `Tijdvak: merci pour votre temps ! Comment s'est passée la visite ? Une note de 1 à 5 : https://afspraak.tijdvak.example.nl/b/${ratingLinkToken(server.services.config, smsOnly.order)}`,
    );
    expect(gsm7Length(sms.body)!).toBeLessThanOrEqual(SMS_MAX_LENGTH);
  });

  it('is not sent for "nobody at home", without contact data, with messages off, or to an unsubscribed address', async () => {
    const notHome = await arrange(Country.NL, { email: 'niemand@example.nl', phone: '' });
    await finish(notHome.technician, notHome.order, 'NOT_HOME');
    const noContact = await arrange(Country.NL, { email: '', phone: '' });
    await finish(noContact.technician, noContact.order);
    const landline = await arrange(Country.NL, { email: '', phone: '030 123 4567' });
    await finish(landline.technician, landline.order);
    const unsubscribed = await arrange(Country.NL, { email: 'genoeg@example.nl', phone: '' });
    await unsubscribe(server.em(), MessageChannel.EMAIL, 'genoeg@example.nl', NOW);
    await finish(unsubscribed.technician, unsubscribed.order);
    const off = await arrange(Country.BE, { email: 'uit@example.be', phone: '' });
    await finish(off.technician, off.order);
    await server.em().nativeUpdate(MessageSetting, { country: Country.BE }, { enabled: false });
    try {
      await publishAt(minutesAfterFinish(10));
    } finally {
      await server.em().nativeUpdate(MessageSetting, { country: Country.BE }, { enabled: true });
    }
    for (const { order } of [notHome, noContact, landline, unsubscribed, off]) {
      expect(await thanks(order), order.email || order.phone || 'no contact').toEqual([]);
    }
  });
});

describe('the rating link', () => {
  let smtp: LocalSmtp;
  let twilio: TwilioStandIn;
  let server: TestServer;
  let adminToken: string;

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    twilio = await startTwilioStandIn();
    server = await startTestServer({ env: envFor(smtp, twilio) });
    adminToken = tokensFor(server).admin(await createAdmin(server.em()));
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await twilio?.close();
  });

  /** A visit of today, finished at 11:00. */
  const finishedVisit = async (country = Country.NL) => {
    server.services.clock.travelTo(NOW);
    const technician = await createTechnician(server.em(), { country });
    const order = await createOrder(server.em(), {
      country,
      zipcode: country === Country.BE ? '1000' : '1234 AB',
      technician,
      appointment: TEN,
    });
    server.services.clock.travelTo(FINISHED_AT);
    const { body } = await server.graphql(
      SET,
      { input: { orderId: order.id, stage: 'FINISHED', outcome: 'REPAIRED', requestId: randomUUID() } },
      { token: tokensFor(server).technician(technician) },
    );
    expect(body.errors).toBeUndefined();
    return order;
  };
  type LinkAnswer = {
    __typename: string;
    referenceNumber?: string;
    language?: string;
    reason?: string;
    orderLanguage?: string;
    rating?: { score: number; comment: string | null } | null;
  };
  const view = async (token: string) =>
    (await server.graphql<{ ratingLink: LinkAnswer }>(RATING_LINK, { token })).body.data?.ratingLink;
  const rate = async (token: string, score: number, comment: string | null = null) => {
    const { body } = await server.graphql<{ rateVisitByLink: LinkAnswer }>(RATE, {
      input: { token, score, comment },
    });
    expect(body.errors).toBeUndefined();
    return body.data?.rateVisitByLink;
  };
  const ratingOf = (order: Order) => server.em().findOne(VisitRating, { order: order.id });

  it('rates its own order only, and can change the rating', async () => {
    const order = await finishedVisit();
    const other = await finishedVisit();
    const token = ratingLinkToken(server.services.config, order);

    expect(await view(token)).toMatchObject({
      __typename: 'RatingLinkVisit',
      referenceNumber: order.referenceNumber,
      language: 'NL',
      rating: null,
    });
    expect(await rate(token, 4, 'Vriendelijke monteur')).toMatchObject({
      __typename: 'RatingLinkVisit',
      rating: { score: 4, comment: 'Vriendelijke monteur' },
    });
    expect(await rate(token, 5)).toMatchObject({ rating: { score: 5, comment: null } });
    expect(await ratingOf(order)).toMatchObject({ score: 5, comment: null });
    expect(await ratingOf(other)).toBeNull();

    // The token names its order: pointing it at another order breaks the signature.
    const [, fingerprint, mac] = token.split('.');
    expect(await view(`${other.id.toString(36)}.${fingerprint}.${mac}`)).toMatchObject({ reason: 'INVALID' });
    // A bad score is refused with the field named, and nothing changes.
    const { body } = await server.graphql(RATE, { input: { token, score: 9 } });
    expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await ratingOf(order)).toMatchObject({ score: 5 });
  });

  it("expires 7 days after the visit was finished, and says so in the order's language", async () => {
    const order = await finishedVisit(Country.BE);
    const token = ratingLinkToken(server.services.config, order);
    server.services.clock.travelTo(new Date(FINISHED_AT.getTime() + 7 * 86_400_000 - 60_000));
    expect(await rate(token, 3)).toMatchObject({ __typename: 'RatingLinkVisit', rating: { score: 3 } });
    // The test clock ran on a moment after the tap: a second past the seven days is past them for sure.
    server.services.clock.travelTo(new Date(FINISHED_AT.getTime() + 7 * 86_400_000 + 1_000));
    expect(await view(token)).toEqual({ __typename: 'RatingLinkRefused', reason: 'EXPIRED', orderLanguage: 'FR' });
    expect(await rate(token, 1)).toMatchObject({ reason: 'EXPIRED' });
    expect(await ratingOf(order)).toMatchObject({ score: 3 });
  });

  it('is refused once the order is deleted', async () => {
    const order = await finishedVisit();
    const token = ratingLinkToken(server.services.config, order);
    const { body } = await server.graphql(DELETE, { id: order.id }, { token: adminToken });
    expect(body.errors).toBeUndefined();
    expect(await view(token)).toMatchObject({ reason: 'REVOKED', orderLanguage: 'NL' });
    expect(await rate(token, 5)).toMatchObject({ reason: 'REVOKED' });
    expect(await ratingOf(order)).toBeNull();
  });

  it('does not take a personal link as a rating link, nor the reverse', async () => {
    const order = await finishedVisit();
    const personal = personalLinkToken(server.services.config, order);
    expect(await view(personal)).toEqual({ __typename: 'RatingLinkRefused', reason: 'INVALID', orderLanguage: null });
    expect(await rate(personal, 5)).toMatchObject({ reason: 'INVALID' });
    expect(await ratingOf(order)).toBeNull();
    const rating = ratingLinkToken(server.services.config, order);
    const { body } = await server.graphql<{ openPersonalLink: { __typename: string; reason?: string } }>(
      OPEN_PERSONAL_LINK,
      { token: rating },
    );
    expect(body.data?.openPersonalLink).toEqual({ __typename: 'PersonalLinkRefused', reason: 'INVALID' });
  });

  it("changes nothing when opened (mail scanners open every link): neither its GET nor its page's query", async () => {
    const order = await finishedVisit();
    const token = ratingLinkToken(server.services.config, order);
    await server.services.siteVisits.flush();
    await settleConsumerMessages(server);
    const before = await databaseContents(server);
    for (const path of [`/b/${token}`, `/b/${token}?score=1`]) {
      // the page of the client (not built for these tests: its stand-in answer, 503)
      expect([200, 503]).toContain(await rawGet(server.url, path));
    }
    expect(await view(token)).toMatchObject({ __typename: 'RatingLinkVisit' });
    await server.services.siteVisits.flush();
    expect(await databaseContents(server)).toBe(before);
    expect(await ratingOf(order)).toBeNull();
  });
});

/**
 * Every row of every table of the application, to compare before and after; the rate limiter's counters are left
 * out (opening a link counts against the client's budget, which is not state of any order).
 */
async function databaseContents(server: TestServer): Promise<string> {
  const connection = server.em().getConnection();
  const tables = await connection.execute<{ table_name: string }[]>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
      and table_name not like 'rate_limit%' order by 1`,
  );
  const contents: Record<string, unknown> = {};
  for (const { table_name: table } of tables) {
    contents[table] = await connection.execute(`select * from "${table}" order by 1`);
  }
  return JSON.stringify(contents);
}
