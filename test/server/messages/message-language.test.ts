import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { Country } from '../../../server/common/locale.js';
import type { Technician } from '../../../server/technicians/technician.entity.js';
import { passUndoAndPublish, settleConsumerMessages, waitForMessagesSent } from '../../utils/consumer-messages.js';
import { createAdmin, createTechnician, tokensFor } from '../../utils/factories.js';
import {
  startLocalSmtp,
  startTwilioStandIn,
  twilioEnv,
  type LocalSmtp,
  type TwilioStandIn,
} from '../../utils/message-transports.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

/** Tuesday 1 December 2026 after 13:30 in Brussels: Wednesday's windows are shown, so its orders are told at once. */
const NOW = '2026-12-01T14:00:00+01:00';
const WEDNESDAY_10 = new Date('2026-12-02T10:00:00+01:00');
const WEDNESDAY_14 = new Date('2026-12-02T14:00:00+01:00');

const CREATE = /* GraphQL */ `
  mutation CreateOrder($input: CreateOrderInput!) {
    createOrder(input: $input) {
      id
      language
    }
  }
`;
const CHOOSE = /* GraphQL */ `
  mutation ChooseConsumerLanguage($language: Language!) {
    chooseConsumerLanguage(language: $language)
  }
`;
const RESCHEDULE = /* GraphQL */ `
  mutation RescheduleOrder($input: RescheduleOrderInput!) {
    rescheduleOrder(input: $input) {
      id
    }
  }
`;

/** The Dutch and French openings of the window mail and SMS (server/common/i18n). */
const DUTCH = { mail: /^Uw monteur komt /, sms: /de monteur komt / };
const FRENCH = { mail: /^Votre technicien passe /, sms: /le technicien passe / };

describe("consumer messages in the consumer's language, not the country's", () => {
  let smtp: LocalSmtp;
  let twilio: TwilioStandIn;
  let server: TestServer;
  let adminToken: string;
  let technician: Technician;
  let sequence = 0;

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    twilio = await startTwilioStandIn();
    server = await startTestServer({
      env: {
        SMTP_URL: smtp.url,
        ...twilioEnv(twilio),
        JOB_POLL_INTERVAL_MS: '300',
        MESSAGE_RETRY_DELAY_SECONDS: '1',
        CLOCK_NOW: NOW,
      },
    });
    adminToken = tokensFor(server).admin(await createAdmin(server.em()));
    technician = await createTechnician(server.em(), { country: Country.BE });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await twilio?.close();
  });

  const mailsTo = (address: string): ParsedMail[] =>
    smtp.mails.filter((mail) => !Array.isArray(mail.to) && mail.to?.value.some((to) => to.address === address));
  const smsTo = (e164: string) => twilio.messages.filter((sms) => sms.to === e164).map((sms) => sms.body);
  /** A Belgian mobile number of its own per order, and its E.164 form. */
  const mobile = () => {
    const digits = String(1_000_000 + ++sequence).slice(1);
    return { phone: `0470 ${digits}`, e164: `+32470${digits}` };
  };
  const belgianOrder = async (zipcode: string, city: string, language?: 'NL' | 'FR') => {
    const { phone, e164 } = mobile();
    const email = `klant.${zipcode}.${sequence}@example.be`;
    const { body } = await server.graphql<{ createOrder: { id: number; language: string | null } }>(
      CREATE,
      {
        input: {
          referenceNumber: `TAAL-${zipcode}-${sequence}`,
          name: 'Klant',
          email,
          phone,
          zipcode,
          houseNumber: '1',
          city,
          country: 'BE',
          appointment: WEDNESDAY_10.toISOString(),
          technician: technician.personalNumber,
          language,
        },
      },
      { token: adminToken },
    );
    expect(body.errors).toBeUndefined();
    return { id: body.data!.createOrder.id, language: body.data!.createOrder.language, email, e164 };
  };
  const expectTold = (told: { email: string; e164: string }, language: typeof DUTCH) => {
    expect(mailsTo(told.email).map((mail) => mail.subject)).toEqual([expect.stringMatching(language.mail)]);
    expect(smsTo(told.e164)).toEqual([expect.stringMatching(language.sms)]);
  };

  it('tells a Gent order in Dutch and a Liège order in French, by mail and by SMS', async () => {
    const gent = await belgianOrder('9000', 'Gent');
    const liege = await belgianOrder('4000', 'Liège');
    expect([gent.language, liege.language]).toEqual(['NL', 'FR']);
    await settleConsumerMessages(server);
    expectTold(gent, DUTCH);
    expectTold(liege, FRENCH);
  });

  it('tells an order in the language it was given, whatever its postcode', async () => {
    const given = await belgianOrder('4000', 'Liège', 'NL');
    expect(given.language).toBe('NL');
    await settleConsumerMessages(server);
    expectTold(given, DUTCH);
  });

  it('tells a consumer who switched the page to French of a later change in French', async () => {
    const gent = await belgianOrder('9000', 'Gent');
    await settleConsumerMessages(server);
    expectTold(gent, DUTCH);

    const consumerToken = server.services.tokens.signConsumer([gent.id], { state: false, company: 0 });
    const { body } = await server.graphql(CHOOSE, { language: 'FR' }, { token: consumerToken });
    expect(body.errors).toBeUndefined();
    const { body: moved } = await server.graphql(
      RESCHEDULE,
      { input: { orderId: gent.id, appointment: WEDNESDAY_14.toISOString() } },
      { token: adminToken },
    );
    expect(moved.errors).toBeUndefined();
    // A move is told once its undo has passed.
    await passUndoAndPublish(server);
    await waitForMessagesSent(server);
    expect(mailsTo(gent.email).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(DUTCH.mail),
      expect.stringMatching(/^Modifié\u00a0: votre technicien passe /),
    ]);
    expect(smsTo(gent.e164)).toEqual([expect.stringMatching(DUTCH.sms), expect.stringMatching(/technicien/)]);
  });
});
