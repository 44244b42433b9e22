import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import {
  ConsumerMessage,
  MessageChannel,
  MessageKind,
  MessageStatus,
} from '../../../server/messages/consumer-message.entity.js';
import { mailReadSql } from '../../../server/messages/repository/consumer-message.repository.js';
import type { Order } from '../../../server/orders/order.entity.js';
import { MailOpen } from '../../../server/statistics/mail-open.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const MAIL_READS = /* GraphQL */ `
  query MailReads($from: String!, $to: String!, $country: Country) {
    mailReads(from: $from, to: $to, country: $country) {
      from
      to
      country
      timeZone
      days {
        date
        sent
        opened
        readPercent
      }
      total {
        date
        sent
        opened
        readPercent
      }
    }
  }
`;

interface Day {
  date: string | null;
  sent: number;
  opened: number;
  readPercent: number | null;
}

interface MailReads {
  from: string;
  to: string;
  country: string | null;
  timeZone: string;
  days: Day[];
  total: Day;
}

const THREE_HOURS = 3 * 3600;

/** A message as the sender leaves it, sent (or not) at `sentAt`. */
function message(
  em: EntityManager,
  order: Order,
  fields: { kind?: MessageKind; channel?: MessageChannel; status?: MessageStatus; sentAt?: string | null },
) {
  const sentAt = fields.sentAt ? new Date(fields.sentAt) : null;
  em.create(ConsumerMessage, {
    order,
    kind: fields.kind ?? MessageKind.WINDOW,
    channel: fields.channel ?? MessageChannel.EMAIL,
    windowStart: order.appointment,
    windowSeconds: THREE_HOURS,
    recipient: fields.channel === MessageChannel.SMS ? '+31612345678' : order.email,
    language: 'nl',
    status: fields.status ?? MessageStatus.SENT,
    tries: 1,
    createdAt: sentAt ?? order.createdAt,
    sentAt,
  });
}

const opened = (em: EntityManager, order: Order, at: string) => em.create(MailOpen, { order, openedAt: new Date(at) });

describe('mail sent and read per day', () => {
  let server: TestServer;
  let admin: string;
  let technician: string;

  beforeAll(async () => {
    server = await startTestServer();
    const em = server.em();
    admin = tokensFor(server).admin(await createAdmin(em));
    technician = tokensFor(server).technician(await createTechnician(em));
    // Summer time: Amsterdam and Brussels are UTC+2. Visits long past, so no publication touches them.
    const visit = new Date('2026-05-05T08:00:00Z');
    const [a, b, c, d, e, f] = [
      await createOrder(em, { appointment: visit }),
      await createOrder(em, { appointment: visit }),
      await createOrder(em, { appointment: visit, country: Country.BE }),
      await createOrder(em, { appointment: visit }),
      await createOrder(em, { appointment: visit }),
      await createOrder(em, { appointment: visit }),
    ];
    // A: the window at 13:30 on the 4th, read that evening; the update on the 5th, read (twice) on the 6th.
    message(em, a, { sentAt: '2026-05-04T11:30:00Z' });
    message(em, a, { kind: MessageKind.UPDATE, sentAt: '2026-05-05T09:00:00Z' });
    opened(em, a, '2026-05-04T18:00:00Z');
    opened(em, a, '2026-05-06T07:00:00Z');
    opened(em, a, '2026-05-06T07:05:00Z');
    // B: sent on the 4th, never read; an image load before it was sent reads an earlier mail, not this one.
    message(em, b, { sentAt: '2026-05-04T11:30:00Z' });
    opened(em, b, '2026-05-04T10:00:00Z');
    // C (Belgium): sent and read on the 4th; its SMS is no mail.
    message(em, c, { sentAt: '2026-05-04T11:30:00Z' });
    message(em, c, { channel: MessageChannel.SMS, sentAt: '2026-05-04T11:30:00Z' });
    opened(em, c, '2026-05-04T12:00:00Z');
    // D: 00:15 local on the 4th (the 3rd in UTC), read before its update of 00:30 local on the 5th.
    message(em, d, { sentAt: '2026-05-03T22:15:00Z' });
    message(em, d, { kind: MessageKind.UPDATE, sentAt: '2026-05-04T22:30:00Z' });
    opened(em, d, '2026-05-04T08:00:00Z');
    // E: 23:45 local on the 2nd, before the period.
    message(em, e, { sentAt: '2026-05-02T21:45:00Z' });
    // F: a mail that failed and one still waiting were never sent.
    message(em, f, { status: MessageStatus.FAILED, sentAt: null });
    message(em, f, { kind: MessageKind.UPDATE, status: MessageStatus.QUEUED, sentAt: null });
    await em.flush();
  });
  afterAll(() => server?.stop());

  const mailReads = async (variables: { from: string; to: string; country?: Country }, token = admin) =>
    (await server.graphql<{ mailReads: MailReads }>(MAIL_READS, variables, { token })).body;

  it('counts per local day the mails sent and those of them opened at least once, with the rate', async () => {
    const body = await mailReads({ from: '2026-05-03', to: '2026-05-05' });
    expect(body.errors).toBeUndefined();
    expect(body.data!.mailReads).toEqual({
      from: '2026-05-03',
      to: '2026-05-05',
      country: null,
      timeZone: 'Europe/Amsterdam',
      days: [
        { date: '2026-05-03', sent: 0, opened: 0, readPercent: null },
        { date: '2026-05-04', sent: 4, opened: 3, readPercent: 75 },
        { date: '2026-05-05', sent: 2, opened: 1, readPercent: 50 },
      ],
      total: { date: null, sent: 6, opened: 4, readPercent: (4 / 6) * 100 },
    });
  });

  it('bounds the period by whole local days, both inclusive', async () => {
    const fourth = (await mailReads({ from: '2026-05-04', to: '2026-05-04' })).data!.mailReads;
    expect(fourth.days).toEqual([{ date: '2026-05-04', sent: 4, opened: 3, readPercent: 75 }]);
    const second = (await mailReads({ from: '2026-05-01', to: '2026-05-02' })).data!.mailReads;
    expect(second.days.map((day) => [day.date, day.sent])).toEqual([
      ['2026-05-01', 0],
      ['2026-05-02', 1],
    ]);
  });

  it('counts one country when asked', async () => {
    const nl = (await mailReads({ from: '2026-05-04', to: '2026-05-05', country: Country.NL })).data!.mailReads;
    expect(nl.days.map((day) => [day.date, day.sent, day.opened])).toEqual([
      ['2026-05-04', 3, 2],
      ['2026-05-05', 2, 1],
    ]);
    const be = (await mailReads({ from: '2026-05-04', to: '2026-05-05', country: Country.BE })).data!.mailReads;
    expect(be).toMatchObject({ country: 'BE', timeZone: 'Europe/Brussels' });
    expect(be.days.map((day) => [day.date, day.sent, day.opened])).toEqual([
      ['2026-05-04', 1, 1],
      ['2026-05-05', 0, 0],
    ]);
  });

  it('takes at most 92 days and refuses a reversed period, in the admin language', async () => {
    const quarter = await mailReads({ from: '2026-05-01', to: '2026-07-31' });
    expect(quarter.errors).toBeUndefined();
    expect(quarter.data!.mailReads.days).toHaveLength(92);
    const tooLong = await mailReads({ from: '2026-05-01', to: '2026-08-01' });
    expect(tooLong.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(tooLong.errors?.[0].message).toContain('92');
    const reversed = await mailReads({ from: '2026-05-05', to: '2026-05-04' });
    expect(reversed.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('is for admins only', async () => {
    const body = await mailReads({ from: '2026-05-04', to: '2026-05-04' }, technician);
    expect(body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('reads the sent mails of the period through their index, not the whole table', async () => {
    const plans = await server.em().transactional(async (em) => {
      // With a handful of rows a scan of the table is cheaper; forbidding it shows the index can serve the period.
      await em.execute('set local enable_seqscan = off');
      const explained: string[] = [];
      for (const country of [null, Country.BE]) {
        const params = ['Europe/Amsterdam', new Date('2026-05-04T00:00:00Z'), new Date('2026-05-05T00:00:00Z')];
        const rows = await em.execute<{ 'QUERY PLAN': string }[]>(`explain ${mailReadSql(country)}`, [
          ...params,
          ...(country ? [country] : []),
        ]);
        explained.push(rows.map((row) => row['QUERY PLAN']).join('\n'));
      }
      return explained;
    });
    for (const plan of plans) {
      expect(plan).toContain('consumer_messages_mail_sent_idx');
      expect(plan).not.toMatch(/Seq Scan on consumer_messages/);
    }
  });
});
