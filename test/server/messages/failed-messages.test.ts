import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderEventKind } from '../../../server/audit/order-event-kind.js';
import { OrderEvent } from '../../../server/audit/order-event.entity.js';
import {
  ConsumerMessage,
  MessageChannel,
  MessageKind,
  MessageStatus,
} from '../../../server/messages/consumer-message.entity.js';
import { MessageFailureCode } from '../../../server/messages/message-failure.js';
import type { Order } from '../../../server/orders/order.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

const FAILED = /* GraphQL */ `
  query Failed($failureCode: MessageFailureCode, $first: Int, $after: String) {
    failedConsumerMessages(failureCode: $failureCode, first: $first, after: $after) {
      totalCount
      totalCountExact
      edges {
        cursor
        node {
          id
          kind
          channel
          maskedRecipient
          failureCode
          failureReason
          tries
          failedAt
          orderId
          referenceNumber
          country
        }
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`;

interface FailedNode {
  id: number;
  channel: string;
  maskedRecipient: string | null;
  failureCode: string;
  failureReason: string | null;
  orderId: number;
  referenceNumber: string;
  country: string;
  failedAt: string;
}
interface FailedPage {
  failedConsumerMessages: {
    totalCount: number;
    totalCountExact: boolean;
    edges: { cursor: string; node: FailedNode }[];
    pageInfo: { endCursor: string | null; hasNextPage: boolean };
  };
}

const RESEND = /* GraphQL */ `
  mutation Resend($messageId: Int!) {
    resendConsumerMessage(messageId: $messageId) {
      id
      status
    }
  }
`;

describe('the log of failed messages across orders', () => {
  let server: TestServer;
  let admin: string;
  let first: Order;
  let second: Order;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    server = await startTestServer({ env: { CLOCK_NOW: '2026-12-01T14:00:00+01:00' } });
    const em = server.em();
    admin = tokensFor(server).admin(await createAdmin(em));
    first = await createOrder(em, {
      referenceNumber: 'FM-1',
      appointment: new Date('2026-12-02T08:00:00+01:00'),
      email: 'jan.jansen@example.nl',
      phone: '06 12345678',
    });
    second = await createOrder(em, { referenceNumber: 'FM-2', appointment: new Date('2026-12-03T08:00:00+01:00') });
    const message = (
      name: string,
      order: Order,
      channel: MessageChannel,
      status: MessageStatus,
      failedAt: string | null,
      code: MessageFailureCode | null,
    ) => {
      const row = em.create(ConsumerMessage, {
        order,
        kind: name === 'update' ? MessageKind.UPDATE : MessageKind.WINDOW,
        channel,
        windowStart: order.appointment,
        windowSeconds: name === 'update' ? 0 : 10_800,
        recipient: channel === MessageChannel.EMAIL ? 'jan.jansen@example.nl' : '+31612345678',
        language: 'nl',
        status,
        tries: 3,
        lastError: code ? `${code} detail` : null,
        failureCode: code,
        failedAt: failedAt ? new Date(failedAt) : null,
        createdAt: new Date('2026-12-01T13:30:00+01:00'),
      });
      return async () => {
        await em.flush();
        ids[name] = row.id;
      };
    };
    const rows = [
      message(
        'refused',
        first,
        MessageChannel.EMAIL,
        MessageStatus.FAILED,
        '2026-12-01T13:40:00+01:00',
        MessageFailureCode.SMTP_RECIPIENT_REFUSED,
      ),
      message(
        'invalid',
        first,
        MessageChannel.SMS,
        MessageStatus.FAILED,
        '2026-12-01T13:50:00+01:00',
        MessageFailureCode.SMS_INVALID_NUMBER,
      ),
      message(
        'unreachable',
        second,
        MessageChannel.EMAIL,
        MessageStatus.FAILED,
        '2026-12-01T13:45:00+01:00',
        MessageFailureCode.SMTP_UNREACHABLE,
      ),
      // Not failed for good: sent, skipped on purpose, or waiting for a retry after a failed try.
      message('sent', second, MessageChannel.SMS, MessageStatus.SENT, null, null),
      message('update', second, MessageChannel.SMS, MessageStatus.QUEUED, null, MessageFailureCode.SMS_UNREACHABLE),
    ];
    for (const flush of rows) await flush();
  });
  afterAll(() => server.stop());

  const failed = async (variables: Record<string, unknown> = {}, token: string | null = admin) => {
    const { body } = await server.graphql<FailedPage>(FAILED, variables, { token: token ?? undefined });
    return body;
  };
  const refsOf = (page: FailedPage) =>
    page.failedConsumerMessages.edges.map((edge) => `${edge.node.referenceNumber}/${edge.node.channel}`);

  it('lists only the messages that failed for good, newest first, with their order, masked', async () => {
    const body = await failed();
    expect(body.errors).toBeUndefined();
    expect(refsOf(body.data!)).toEqual(['FM-1/SMS', 'FM-2/EMAIL', 'FM-1/EMAIL']);
    expect(body.data!.failedConsumerMessages.totalCount).toBe(3);
    expect(body.data!.failedConsumerMessages.totalCountExact).toBe(true);
    const [newest] = body.data!.failedConsumerMessages.edges;
    expect(newest.node).toMatchObject({
      id: ids.invalid,
      maskedRecipient: '06 •••• 5678',
      failureCode: 'SMS_INVALID_NUMBER',
      failureReason: 'SMS_INVALID_NUMBER detail',
      orderId: first.id,
      country: 'NL',
      failedAt: new Date('2026-12-01T13:50:00+01:00').toISOString(),
    });
    expect(JSON.stringify(body)).not.toContain('jan.jansen');
  });

  it('filters by failure code', async () => {
    const body = await failed({ failureCode: 'SMTP_RECIPIENT_REFUSED' });
    expect(refsOf(body.data!)).toEqual(['FM-1/EMAIL']);
    expect(body.data!.failedConsumerMessages.totalCount).toBe(1);
    expect(refsOf((await failed({ failureCode: 'SMS_AUTH_FAILED' })).data!)).toEqual([]);
  });

  it('pages with cursors, without repeating or skipping', async () => {
    const walked: string[] = [];
    let after: string | null = null;
    do {
      const body = await failed({ first: 2, after });
      expect(body.errors).toBeUndefined();
      const page: FailedPage['failedConsumerMessages'] = body.data!.failedConsumerMessages;
      expect(page.totalCount).toBe(3);
      walked.push(...refsOf(body.data!));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
    expect(walked).toEqual(['FM-1/SMS', 'FM-2/EMAIL', 'FM-1/EMAIL']);
    expect((await failed({ first: 101 })).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect((await failed({ after: 'not-a-cursor' })).errors?.[0].extensions?.code).toBe('INVALID_CURSOR');
  });

  it('is for admins only', async () => {
    const technician = tokensFor(server).technician(await createTechnician(server.em()));
    expect((await failed({}, technician)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await failed({}, null)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('weighs as a list in the cost limit: many aliases of it are refused', async () => {
    const aliases = Array.from({ length: 7 }, (_, n) => `f${n}: failedConsumerMessages { totalCount }`).join('\n');
    const { body } = await server.graphql(`{ ${aliases} }`, {}, { token: admin });
    expect(body.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it("sends one again by the order log's rule: it leaves the list and the order's history records it", async () => {
    const { body } = await server.graphql<{ resendConsumerMessage: { id: number; status: string } }>(
      RESEND,
      { messageId: ids.unreachable },
      { token: admin },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.resendConsumerMessage).toEqual({ id: ids.unreachable, status: 'QUEUED' });
    expect(refsOf((await failed()).data!)).not.toContain('FM-2/EMAIL');
    expect(await server.em().count(OrderEvent, { order: second.id, kind: OrderEventKind.MESSAGE_RESENT })).toBe(1);
  });
});
