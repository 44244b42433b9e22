import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { ConsumerMessage, MessageChannel, MessageKind } from '../../../server/messages/consumer-message.entity.js';
import { SEND_QUEUES } from '../../../server/messages/message-sender.js';
import { MessageSetting } from '../../../server/message-settings/message-setting.entity.js';
import { publishMessagesNow, waitForMessagesSent } from '../../utils/consumer-messages.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import {
  startLocalSmtp,
  startTwilioStandIn,
  type LocalSmtp,
  type TwilioStandIn,
  twilioEnv,
} from '../../utils/message-transports.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const LIST = /* GraphQL */ `
  query MessageSettings {
    messageSettings {
      country
      enabled
      email
      sms
      senderName
      language
    }
  }
`;

const UPDATE = /* GraphQL */ `
  mutation UpdateMessageSetting($input: MessageSettingInput!) {
    updateMessageSetting(input: $input) {
      country
      enabled
      email
      sms
      senderName
      language
    }
  }
`;

interface SettingValues {
  country: string;
  enabled: boolean;
  email: boolean;
  sms: boolean;
  senderName: string;
  language: string;
}

const NL_ON: SettingValues = {
  country: 'NL',
  enabled: true,
  email: true,
  sms: true,
  senderName: 'Tijdvak',
  language: 'NL',
};

describe('message settings per country', () => {
  let smtp: LocalSmtp;
  let twilio: TwilioStandIn;
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    twilio = await startTwilioStandIn();
    // Tuesday 1 December 2026, after 13:30: Wednesday's windows are shown.
    server = await startTestServer({
      env: {
        SMTP_URL: smtp.url,
        ...twilioEnv(twilio),
        JOB_POLL_INTERVAL_MS: '500',
        CLOCK_NOW: '2026-12-01T14:00:00+01:00',
      },
    });
    admin = tokensFor(server).admin(await createAdmin(server.em()));
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await twilio?.close();
  });

  const update = (input: SettingValues, token: string = admin, headers: Record<string, string> = {}) =>
    server.graphql<{ updateMessageSetting: SettingValues }>(UPDATE, { input }, { token, headers });
  const updateAs = (token: string | undefined, input: SettingValues) =>
    server.graphql<{ updateMessageSetting: SettingValues }>(UPDATE, { input }, { token });
  const stored = (country: Country) => server.em().findOneOrFail(MessageSetting, { country });

  it('shows admins each country: on, both channels, NL in Dutch and BE in French', async () => {
    const { body } = await server.graphql<{ messageSettings: SettingValues[] }>(LIST, {}, { token: admin });
    expect(body.errors).toBeUndefined();
    expect(body.data?.messageSettings).toEqual([NL_ON, { ...NL_ON, country: 'BE', language: 'FR' }]);
  });

  it('refuses technicians and anonymous callers, and changes nothing for them', async () => {
    const technician = tokensFor(server).technician(await createTechnician(server.em()));
    for (const [token, code] of [
      [technician, 'FORBIDDEN'],
      [undefined, 'UNAUTHENTICATED'],
    ] as const) {
      const list = await server.graphql(LIST, {}, { token });
      expect(list.body.errors?.[0].extensions?.code).toBe(code);
      expect(list.body.data).toBeNull();
      const change = await updateAs(token, { ...NL_ON, enabled: false });
      expect(change.body.errors?.[0].extensions?.code).toBe(code);
    }
    expect((await stored(Country.NL)).enabled).toBe(true);
  });

  it('refuses a sender name that is empty, too long or breaks a header, in the caller’s language', async () => {
    const refused = async (senderName: string, language = 'nl') => {
      const { body } = await update({ ...NL_ON, senderName }, admin, { 'accept-language': language });
      expect(body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
      return body.errors?.[0];
    };
    expect((await refused('   '))?.message).toBe('Dit veld is verplicht.');
    expect((await refused('x'.repeat(41)))?.message).toBe('Dit veld mag hoogstens 40 tekens bevatten.');
    expect((await refused('Tijdvak <noreply@evil.example>'))?.message).toBe(
      "Gebruik voor de afzender alleen letters, cijfers en spaties, met . , & ' - ertussen.",
    );
    expect((await refused('Tijdvak\r\nBcc: x@evil.example'))?.extensions?.fields).toEqual([
      {
        field: 'senderName',
        message: "Gebruik voor de afzender alleen letters, cijfers en spaties, met . , & ' - ertussen.",
      },
    ]);
    expect((await refused('"Tijdvak"', 'fr'))?.message).toBe(
      "Pour l'expéditeur, utilisez uniquement des lettres, des chiffres et des espaces, avec . , & ' - entre eux.",
    );
    // Not text at all (a lone surrogate): refused at the edge like every other input.
    const { body } = await update({ ...NL_ON, senderName: 'Tijd\ud800vak' });
    expect(body.errors?.[0].message).toBe(
      'De invoer bevat tekens die geen geldige tekst zijn. Verwijder ze en probeer het opnieuw.',
    );
    expect((await stored(Country.NL)).senderName).toBe('Tijdvak');
  });

  it('refuses messages on without any channel', async () => {
    const { body } = await update({ ...NL_ON, email: false, sms: false });
    expect(body.errors?.[0].message).toBe('Kies minstens één kanaal (e-mail of sms), of zet de berichten uit.');
    expect(await stored(Country.NL)).toMatchObject({ email: true, sms: true });
  });

  it('saves a change, trimmed, and the next messages follow it: a channel off sends nothing on it', async () => {
    const { body } = await update({ ...NL_ON, sms: false, senderName: '  Installatiedienst Oost ' });
    expect(body.data?.updateMessageSetting).toEqual({ ...NL_ON, sms: false, senderName: 'Installatiedienst Oost' });

    await createOrder(server.em(), {
      appointment: new Date('2026-12-02T08:00:00+01:00'),
      email: 'alleen-mail@example.nl',
      phone: '06 11112222',
    });
    await publishMessagesNow(server);
    await waitForMessagesSent(server);
    const rows = await server.em().find(ConsumerMessage, {});
    expect(rows.map((row) => row.channel)).toEqual(['EMAIL']);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0].from?.value[0].name).toBe('Installatiedienst Oost');
    expect(twilio.messages).toEqual([]);
  });

  it('sends by SMS only when e-mail is off, the sender name opening the text', async () => {
    await update({ ...NL_ON, email: false, senderName: "Monteurs & Co's" });
    await createOrder(server.em(), {
      appointment: new Date('2026-12-02T10:00:00+01:00'),
      email: 'geen-mail@example.nl',
      phone: '06 33334444',
    });
    await publishMessagesNow(server);
    await waitForMessagesSent(server);
    expect(smtp.mails).toHaveLength(1);
    expect(twilio.messages.map((sms) => sms.to)).toEqual(['+31633334444']);
    // An SMS sender shows 11 characters at most: the name is cut there.
    expect(twilio.messages[0].body).toMatch(/^Monteurs &: de monteur komt/);
  });

  it('sends nothing at all to a country whose messages are off, not even what was already queued', async () => {
    await update({ ...NL_ON, country: 'BE', enabled: false, language: 'FR' });
    await createOrder(server.em(), {
      country: Country.BE,
      appointment: new Date('2026-12-02T08:00:00+01:00'),
      email: 'belge@example.be',
      phone: '0470 12 34 56',
      zipcode: '1000',
    });
    await publishMessagesNow(server);
    await waitForMessagesSent(server);
    expect(await server.em().count(ConsumerMessage, { order: { country: Country.BE } })).toBe(0);

    // A message written before the switch went off is not sent after it.
    const late = await createOrder(server.em(), {
      appointment: new Date('2026-12-02T12:00:00+01:00'),
      email: 'te-laat@example.nl',
      phone: '',
    });
    const em = server.em();
    const written = em.create(ConsumerMessage, {
      order: late,
      kind: MessageKind.WINDOW,
      channel: MessageChannel.EMAIL,
      windowStart: late.appointment,
      windowSeconds: late.duration,
      recipient: 'te-laat@example.nl',
      language: 'nl',
      createdAt: server.services.clock.now(),
    });
    await em.flush();
    await update({ ...NL_ON, enabled: false });
    await server.services.jobs.send(
      SEND_QUEUES[MessageChannel.EMAIL],
      { messageId: written.id },
      { singletonKey: `consumer-message:${written.id}` },
    );
    await waitForMessagesSent(server);
    const skipped = await server.em().findOneOrFail(ConsumerMessage, written.id);
    expect([skipped.status, skipped.lastError]).toEqual(['SKIPPED', 'messages are switched off for the country']);
    expect(smtp.mails.some((mail) => mail.subject && mail.text?.includes('te-laat'))).toBe(false);
    expect(smtp.mails).toHaveLength(1);
  });
});
