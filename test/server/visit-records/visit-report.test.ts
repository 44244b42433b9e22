import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import { personalLinkToken } from '../../../server/consumer-links/personal-link.js';
import { unsubscribe } from '../../../server/consumer-links/unsubscribes.js';
import {
  ConsumerMessage,
  MessageChannel,
  MessageKind,
  MessageStatus,
} from '../../../server/messages/consumer-message.entity.js';
import { gsm7Length, SMS_MAX_LENGTH } from '../../../server/messages/message-content.js';
import type { Order } from '../../../server/orders/order.entity.js';
import type { Technician } from '../../../server/technicians/technician.entity.js';
import { publishMessagesNow, settleConsumerMessages, waitForMessagesSent } from '../../utils/consumer-messages.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import {
  startLocalSmtp,
  startTwilioStandIn,
  twilioEnv,
  type LocalSmtp,
  type TwilioStandIn,
} from '../../utils/message-transports.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { postGraphQLUpload } from '../../utils/upload.js';

const SET = `mutation ($input: SetVisitStatusInput!) { setVisitStatus(input: $input) { id } }`;
const SAVE = `mutation ($input: SaveVisitRecordInput!) { saveVisitRecord(input: $input) { updatedAt } }`;
const ADD_PHOTO = `mutation ($input: AddVisitPhotoInput!, $file: Upload!) { addVisitPhoto(input: $input, file: $file) { id } }`;
const SIGN = `mutation ($input: SignVisitInput!, $file: Upload!) { signVisit(input: $input, file: $file) { signedAt } }`;
const REPORT_LINK = `query ($token: String!) {
  visitReportLink(token: $token) {
    __typename
    ... on LinkedVisitReport {
      referenceNumber outcome applianceBrand applianceModel consumerNote signedAt signatureUrl openUntil language
      partsUsed { name articleNumber quantity }
      photos { kind url thumbnailUrl }
    }
    ... on VisitReportRefused { reason orderLanguage }
  }
}`;
const HISTORY = `query ($orderId: Int!) {
  orderHistory(orderId: $orderId, first: 50) { edges { node { kind actor { type name } changes { field after } } } }
}`;
const OFFICE_RECORD = `query ($referenceNumber: String!) {
  orderByReference(referenceNumber: $referenceNumber) {
    visitRecord {
      applianceSerialNumber officeNote consumerNote signedAt
      partsUsed { name } partsNeeded { name quantity }
      signature { url }
      photos { forConsumer url thumbnailUrl }
    }
  }
}`;
const RESEND = `mutation ($messageId: Int!) { resendConsumerMessage(messageId: $messageId) { id status } }`;

/** Tuesday 1 December 2026, 09:00 in Amsterdam and Brussels; the visits are today at 10:00, finished at 11:00. */
const NOW = new Date('2026-12-01T09:00:00+01:00');
const TEN = new Date('2026-12-01T10:00:00+01:00');
const FINISHED_AT = new Date('2026-12-01T11:00:00+01:00');
const minutesAfterFinish = (minutes: number) => new Date(FINISHED_AT.getTime() + minutes * 60_000);

const mailsTo = (smtp: LocalSmtp, address: string): ParsedMail[] =>
  smtp.mails.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value.some((to) => to.address === address));

const photo = (background: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();
const signaturePng = () =>
  sharp({ create: { width: 400, height: 200, channels: 4, background: '#000' } })
    .png()
    .toBuffer();

describe('the work report mail after a recorded visit', () => {
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
        APP_URL: 'https://afspraak.tijdvak.example.nl',
        CLOCK_NOW: NOW.toISOString(),
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await twilio?.close();
  });

  const travel = (to: Date) => server.services.clock.travelTo(to);
  const publishAt = async (at: Date) => {
    travel(at);
    await publishMessagesNow(server);
    await waitForMessagesSent(server);
  };

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
    return { order, technician, token: tokensFor(server).technician(technician) };
  };

  const ok = (body: { errors?: unknown }) => expect(body.errors).toBeUndefined();

  /** The technician records the visit at 10:45: the text, a photo for the consumer, one for the office, a signature. */
  const record = async (token: string, order: Order, texts: Record<string, unknown> = {}) => {
    travel(new Date('2026-12-01T10:45:00+01:00'));
    ok(
      (
        await server.graphql(
          SAVE,
          {
            input: {
              orderId: order.id,
              applianceBrand: 'Miele',
              applianceModel: 'W1 Classic',
              applianceSerialNumber: 'SN-123',
              partsUsed: [{ name: 'Afvoerpomp', articleNumber: 'P-42', quantity: 1 }],
              partsNeeded: [{ name: 'Lagerset', articleNumber: 'L-7', quantity: 2 }],
              officeNote: 'Klant had de pomp zelf al open',
              consumerNote: 'Maak het filter elke maand schoon.',
              ...texts,
            },
          },
          { token },
        )
      ).body,
    );
    for (const [forConsumer, colour] of [
      [true, '#3a3'],
      [false, '#a33'],
    ] as const) {
      const { body } = await postGraphQLUpload(
        server.url,
        ADD_PHOTO,
        { input: { orderId: order.id, clientId: randomUUID(), kind: 'AFTER', forConsumer } },
        'file',
        { name: 'photo.jpg', content: new Uint8Array(await photo(colour)), type: 'image/jpeg' },
        { token },
      );
      ok(body);
    }
    const { body } = await postGraphQLUpload(
      server.url,
      SIGN,
      { input: { orderId: order.id, clientId: randomUUID() } },
      'file',
      { name: 'signature.png', content: new Uint8Array(await signaturePng()), type: 'image/png' },
      { token },
    );
    ok(body);
  };

  const finish = async (technician: Technician, order: Order, outcome = 'REPAIRED') => {
    travel(FINISHED_AT);
    const { body } = await server.graphql(
      SET,
      { input: { orderId: order.id, stage: 'FINISHED', outcome, requestId: randomUUID() } },
      { token: tokensFor(server).technician(technician) },
    );
    ok(body);
  };

  const reports = (order: Order) =>
    server.em().find(ConsumerMessage, { order: order.id, kind: MessageKind.VISIT_REPORT }, { orderBy: { id: 'asc' } });

  const reportLink = (order: Order) =>
    `https://afspraak.tijdvak.example.nl/v/${personalLinkToken(server.services.config, order)}/werkbon`;

  it('mails the report once in Dutch, with the photo for the consumer and the signature inline, never the office note', async () => {
    const { order, technician, token } = await arrange(Country.NL, {
      email: 'werkbon@example.nl',
      phone: '06 12345678',
    });
    await record(token, order);
    await finish(technician, order);
    // A mis-tap is corrected in the first minutes: nothing yet.
    await publishAt(minutesAfterFinish(4));
    expect(await reports(order)).toEqual([]);

    await publishAt(minutesAfterFinish(6));
    const [message, ...more] = await reports(order);
    expect(more).toEqual([]);
    expect(message).toMatchObject({ channel: MessageChannel.EMAIL, status: MessageStatus.SENT, tries: 1 });

    const [mail, ...otherMails] = mailsTo(smtp, 'werkbon@example.nl').filter((item) =>
      item.subject?.startsWith('Uw werkbon'),
    );
    expect(otherMails).toEqual([]);
    expect(mail.subject).toBe('Uw werkbon van het bezoek op dinsdag 1 december');
    expect(mail.text).toContain('Onze monteur is op dinsdag 1 december bij u geweest.');
    expect(mail.text).toContain('Uw apparaat is gerepareerd.');
    expect(mail.text).toContain('Apparaat: Miele W1 Classic');
    expect(mail.text).toContain('Gebruikte onderdelen: 1 × Afvoerpomp (P-42)');
    expect(mail.text).toContain('Opmerking van de monteur: Maak het filter elke maand schoon.');
    expect(mail.text).toContain('Voor gezien getekend: dinsdag 1 december 10.45');
    expect(mail.text).toContain(order.referenceNumber);
    expect(mail.text).toContain(`${reportLink(order)}\n`);
    expect(mail.html).toContain(`href="${reportLink(order)}"`);
    expect(mail.text).toContain('tot donderdag 31 december.');
    // What is for the office stays with the office.
    for (const part of [mail.text ?? '', mail.html || '']) {
      expect(part).not.toContain('Klant had de pomp');
      expect(part).not.toContain('Lagerset');
      expect(part).not.toContain('SN-123');
    }
    // The signature and the one photo marked for the consumer, inline; not the office's photo.
    const inline = mail.attachments.filter((attachment) => attachment.contentId);
    expect(inline.map((attachment) => attachment.contentType)).toEqual(['image/png', 'image/jpeg']);
    // The parser puts each inline image back into the HTML part in its place.
    for (const attachment of inline) {
      expect(mail.html).toContain(
        `src="data:${attachment.contentType};base64,${attachment.content.toString('base64')}"`,
      );
    }
    const { dominant } = await sharp(inline[1].content).stats();
    expect(dominant.g).toBeGreaterThan(dominant.r);
    expect(mail.html).toContain('alt="Uw handtekening"');
    expect(mail.html).toContain('alt="Foto 1 van het bezoek"');
    // Mail first: no SMS besides it.
    expect(twilio.messages.filter((sms) => sms.to === '+31612345678' && sms.body.includes('werkbon'))).toEqual([]);

    // The record changed after the report went: no second report.
    travel(minutesAfterFinish(8));
    ok(
      (
        await server.graphql(
          SAVE,
          { input: { orderId: order.id, consumerNote: 'Nog iets vergeten', partsUsed: [], partsNeeded: [] } },
          { token },
        )
      ).body,
    );
    await publishAt(minutesAfterFinish(30));
    expect(await reports(order)).toHaveLength(1);
    expect(mailsTo(smtp, 'werkbon@example.nl').filter((item) => item.subject?.startsWith('Uw werkbon'))).toHaveLength(
      1,
    );

    // An admin may send it again while its link opens the report, not after.
    const admin = await createAdmin(server.em());
    const resend = async () =>
      (await server.graphql(RESEND, { messageId: message.id }, { token: tokensFor(server).admin(admin) })).body
        .errors?.[0]?.extensions?.code;
    expect(await resend()).toBeUndefined();
    await waitForMessagesSent(server);
    expect((await reports(order))[0]).toMatchObject({ status: MessageStatus.SENT, tries: 2 });
    travel(new Date('2027-01-01T00:00:01+01:00'));
    expect(await resend()).toBe('MESSAGE_VISIT_OVER');
  });

  it('is in French for a Belgian visit, and goes by SMS with the link when the order has no mail address', async () => {
    const withMail = await arrange(Country.BE, { email: 'rapport@example.be', phone: '' });
    await record(withMail.token, withMail.order, { consumerNote: 'Nettoyez le filtre chaque mois.' });
    await finish(withMail.technician, withMail.order, 'FOLLOW_UP_PARTS');
    const smsOnly = await arrange(Country.BE, { email: '', phone: '0471 55 66 77' });
    await record(smsOnly.token, smsOnly.order);
    await finish(smsOnly.technician, smsOnly.order);
    await publishAt(minutesAfterFinish(6));

    const [mail, ...more] = mailsTo(smtp, 'rapport@example.be').filter((item) =>
      item.subject?.startsWith('Votre rapport'),
    );
    expect(more).toEqual([]);
    expect(mail.subject).toBe("Votre rapport d'intervention du mardi 1 décembre");
    expect(mail.text).toContain('Notre technicien est passé chez vous le mardi 1 décembre.');
    expect(mail.text).toContain('Une visite de suivi aura lieu\u00a0: les pièces sont commandées.');
    expect(mail.text).toContain('Pièces utilisées\u00a0: 1 × Afvoerpomp (P-42)');
    expect(mail.text).toContain('Remarque du technicien\u00a0: Nettoyez le filtre chaque mois.');
    expect(mail.text).toContain('Signé\u00a0: mardi 1 décembre 10\u00a0h\u00a045');
    expect(mail.text).toContain(`${reportLink(withMail.order)}\n`);
    expect(mail.html).toContain('alt="Votre signature"');
    expect(mail.text).not.toContain('Lagerset');
    expect(mail.text).not.toContain('Klant had de pomp');

    expect((await reports(smsOnly.order)).map((message) => message.channel)).toEqual([MessageChannel.SMS]);
    const [sms] = twilio.messages.filter((text) => text.to === '+32471556677' && text.body.includes('/werkbon'));
    expect(sms.body).toBe(
      `Tijdvak: votre rapport d'intervention du mar. 1 déc. est pret : ${reportLink(smsOnly.order)}`,
    );
    expect(gsm7Length(sms.body)!).toBeLessThanOrEqual(SMS_MAX_LENGTH);
  });

  it('is not sent without a record, for "nobody at home", or to an unsubscribed address', async () => {
    const unrecorded = await arrange(Country.NL, { email: 'leeg@example.nl', phone: '' });
    await finish(unrecorded.technician, unrecorded.order);
    const notHome = await arrange(Country.NL, { email: 'niemand-thuis@example.nl', phone: '' });
    await record(notHome.token, notHome.order);
    await finish(notHome.technician, notHome.order, 'NOT_HOME');
    const unsubscribed = await arrange(Country.NL, { email: 'geen-post@example.nl', phone: '' });
    await unsubscribe(server.em(), MessageChannel.EMAIL, 'geen-post@example.nl', NOW);
    await record(unsubscribed.token, unsubscribed.order);
    await finish(unsubscribed.technician, unsubscribed.order);
    await publishAt(minutesAfterFinish(10));
    for (const { order } of [unrecorded, notHome, unsubscribed]) {
      expect(await reports(order), order.email).toEqual([]);
    }
    expect(mailsTo(smtp, 'geen-post@example.nl').filter((item) => item.subject?.startsWith('Uw werkbon'))).toEqual([]);
  });

  it('opens the report from the personal link until 30 days after the visit day, then says it is no longer available', async () => {
    const { order, technician, token } = await arrange(Country.BE, { email: 'dertig@example.be', phone: '' });
    const linkToken = personalLinkToken(server.services.config, order);
    type Answer = {
      __typename: string;
      reason?: string;
      orderLanguage?: string;
      consumerNote?: string;
      outcome?: string;
      openUntil?: string;
      signatureUrl?: string | null;
      photos?: { kind: string; url: string; thumbnailUrl: string }[];
      partsUsed?: unknown[];
    };
    const view = async () =>
      (await server.graphql<{ visitReportLink: Answer }>(REPORT_LINK, { token: linkToken })).body.data?.visitReportLink;

    await record(token, order);
    // Recorded, not finished: nothing to show yet.
    expect(await view()).toEqual({ __typename: 'VisitReportRefused', reason: 'NOT_READY', orderLanguage: 'FR' });
    await finish(technician, order);

    // The day after the visit the personal link itself has expired; its report still opens.
    travel(new Date('2026-12-02T09:00:00+01:00'));
    const report = await view();
    expect(report).toMatchObject({
      __typename: 'LinkedVisitReport',
      outcome: 'REPAIRED',
      consumerNote: 'Maak het filter elke maand schoon.',
      partsUsed: [{ name: 'Afvoerpomp', articleNumber: 'P-42', quantity: 1 }],
      openUntil: '2026-12-31T23:00:00.000Z',
    });
    // Only the photo marked for the consumer; its files and the signature open by their signed links.
    expect(report?.photos).toHaveLength(1);
    for (const path of [report?.photos?.[0].url, report?.photos?.[0].thumbnailUrl, report?.signatureUrl]) {
      const answer = await fetch(`${server.url}${path}`);
      expect(answer.status).toBe(200);
      await answer.arrayBuffer();
    }
    // The last moment of the thirtieth day after the visit day, and the first after it.
    travel(new Date('2026-12-31T23:59:59+01:00'));
    expect(await view()).toMatchObject({ __typename: 'LinkedVisitReport' });
    travel(new Date('2027-01-01T00:00:00+01:00'));
    expect(await view()).toEqual({ __typename: 'VisitReportRefused', reason: 'EXPIRED', orderLanguage: 'FR' });
    // A link we did not make.
    const [, fingerprint, mac] = linkToken.split('.');
    const forged = await server.graphql<{ visitReportLink: Answer }>(REPORT_LINK, {
      token: `${(order.id + 1).toString(36)}.${fingerprint}.${mac}`,
    });
    expect(forged.body.data?.visitReportLink).toMatchObject({ reason: 'INVALID' });
  });

  it("shows the office the whole record, and the order's history says which technician added what", async () => {
    const { order, technician, token } = await arrange(Country.NL, { email: 'kantoor@example.nl', phone: '' });
    await record(token, order);
    const admin = tokensFor(server).admin(await createAdmin(server.em()));
    type OfficeRecord = {
      orderByReference: {
        visitRecord: {
          applianceSerialNumber: string;
          officeNote: string;
          consumerNote: string;
          partsNeeded: { name: string; quantity: number }[];
          signature: { url: string } | null;
          photos: { forConsumer: boolean; url: string; thumbnailUrl: string }[];
        };
      };
    };
    const office = await server.graphql<OfficeRecord>(
      OFFICE_RECORD,
      { referenceNumber: order.referenceNumber },
      { token: admin },
    );
    expect(office.body.errors).toBeUndefined();
    const seen = office.body.data?.orderByReference.visitRecord;
    expect(seen).toMatchObject({
      applianceSerialNumber: 'SN-123',
      officeNote: 'Klant had de pomp zelf al open',
      consumerNote: 'Maak het filter elke maand schoon.',
      partsNeeded: [{ name: 'Lagerset', quantity: 2 }],
    });
    // Both photos, the office's own too; each thumbnail and photo opens by its link, as does the signature.
    expect(seen?.photos.map((each) => each.forConsumer)).toEqual([true, false]);
    for (const path of [seen?.photos[1].url, seen?.photos[1].thumbnailUrl, seen?.signature?.url]) {
      const answer = await fetch(`${server.url}${path}`);
      expect(answer.status).toBe(200);
      await answer.arrayBuffer();
    }

    type History = {
      orderHistory: {
        edges: {
          node: {
            kind: string;
            actor: { type: string; name: string | null };
            changes: { field: string; after: string | null }[];
          };
        }[];
      };
    };
    const history = await server.graphql<History>(HISTORY, { orderId: order.id }, { token: admin });
    expect(history.body.errors).toBeUndefined();
    const events = (history.body.data?.orderHistory.edges ?? [])
      .map(({ node }) => node)
      .filter((node) => node.kind.startsWith('VISIT_'))
      .reverse();
    const name = `${technician.firstname} ${technician.lastname}`;
    expect(events.map((event) => [event.kind, event.actor.type, event.actor.name])).toEqual([
      ['VISIT_RECORD_SAVED', 'TECHNICIAN', name],
      ['VISIT_PHOTO_ADDED', 'TECHNICIAN', name],
      ['VISIT_PHOTO_ADDED', 'TECHNICIAN', name],
      ['VISIT_SIGNED', 'TECHNICIAN', name],
    ]);
    expect(events[0].changes).toContainEqual({ field: 'officeNote', after: 'Klant had de pomp zelf al open' });
    expect(events[1].changes).toContainEqual({ field: 'visitPhotoForConsumer', after: 'true' });
    expect(events[2].changes).toContainEqual({ field: 'visitPhotoForConsumer', after: 'false' });
  });
});
