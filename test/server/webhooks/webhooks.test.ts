import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Admin } from '../../../server/admins/admin.entity.js';
import { runWebhooks } from '../../../server/webhooks/webhook-work.js';
import { instantOf } from '../../../shared/zoned-time.js';
import { WEBHOOK_EVENT_TYPES } from '../../../shared/webhook-events.js';
import type { Technician } from '../../../server/technicians/technician.entity.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { postGraphQLUpload } from '../../utils/upload.js';
import { orderInput } from './webhook-operations.js';

/** Tuesday 24 November 2026, 10:00 in Amsterdam. */
const NOW = instantOf('2026-11-24', 10, 0, 'Europe/Amsterdam');
const HOUR = 3_600_000;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP receiver: records what arrives, answers `status` (503 while "down"). */
async function startReceiver() {
  const received: Received[] = [];
  const state = { status: 204 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (state.status < 300) received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.statusCode = state.status;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    state,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const CREATE_CLIENT = /* GraphQL */ `
  mutation ($input: CreateApiClientInput!) {
    createApiClient(input: $input) {
      apiClient {
        id
      }
    }
  }
`;
const CREATE_ENDPOINT = /* GraphQL */ `
  mutation ($input: CreateWebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      secret
      endpoint {
        id
        url
        events
        enabled
      }
    }
  }
`;
const DELIVERIES = /* GraphQL */ `
  query ($apiClientId: Int!) {
    webhookDeliveries(apiClientId: $apiClientId, first: 100) {
      id
      messageId
      type
      status
      attempts
      lastStatusCode
      lastError
    }
  }
`;
const CREATE_ORDER = /* GraphQL */ `
  mutation ($input: CreateOrderInput!) {
    createOrder(input: $input) {
      id
      referenceNumber
    }
  }
`;
const SET_STATUS = /* GraphQL */ `
  mutation ($input: SetVisitStatusInput!) {
    setVisitStatus(input: $input) {
      id
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

interface Event {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

describe('webhooks of applications', () => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let admin: Admin;
  let technician: Technician;
  let token: string;
  let sequence = 0;

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startTestServer({
      env: {
        CLOCK_NOW: NOW.toISOString(),
        WEBHOOK_ALLOW_HTTP: 'true',
        WEBHOOK_ALLOW_LOOPBACK: 'true',
        // The server's own runs race the test's; at SCHED_IDLE, on a host kept busy, one held its claim past the
        // test's wait. The thread's priority is tested in webhook-thread.test.ts.
        WEBHOOK_THREAD_IDLE: 'false',
      },
    });
    admin = await createAdmin(server.em());
    technician = await createTechnician(server.em(), { personalNumber: 'N100' });
  });
  beforeEach(async () => {
    server.services.clock.travelTo(NOW);
    token = tokensFor(server).admin(admin);
    receiver.state.status = 204;
    receiver.received.length = 0;
    // Each test has its own application: the endpoints of the one before are removed.
    await server.em().execute('delete from webhook_endpoints');
    await server.em().execute('delete from webhook_outbox');
  });
  afterAll(async () => {
    await server.stop();
    await receiver.stop();
  });

  const gql = async <T>(query: string, variables: Record<string, unknown>) => {
    const { body } = await server.graphql<T>(query, variables, { token });
    expect(body.errors).toBeUndefined();
    return body.data!;
  };

  async function subscribe(url = receiver.url, events: readonly string[] = WEBHOOK_EVENT_TYPES) {
    const client = await gql<{ createApiClient: { apiClient: { id: number } } }>(CREATE_CLIENT, {
      input: { name: `Hook ${++sequence}`, scopes: ['orders:read', 'visits:read'], countries: ['NL'] },
    });
    const apiClientId = client.createApiClient.apiClient.id;
    const created = await gql<{ createWebhookEndpoint: { secret: string; endpoint: { id: number } } }>(
      CREATE_ENDPOINT,
      { input: { apiClientId, url, events } },
    );
    return { apiClientId, ...created.createWebhookEndpoint };
  }

  /** The events received so far, each checked by the Standard Webhooks verifier with the endpoint's secret. */
  const verified = (secret: string): (Event & { id: string })[] =>
    receiver.received.map(({ headers, body }) => {
      const event = new Webhook(secret).verify(body, {
        'webhook-id': String(headers['webhook-id']),
        'webhook-timestamp': String(headers['webhook-timestamp']),
        'webhook-signature': String(headers['webhook-signature']),
      }) as Event;
      return { ...event, id: String(headers['webhook-id']) };
    });

  const waitForCount = (count: number) =>
    vi.waitFor(
      async () => {
        // A round here too: the notice's run may be taken by the test before (the result is the same).
        await runWebhooks(server.services);
        expect(receiver.received.length).toBeGreaterThanOrEqual(count);
      },
      { timeout: 20_000, interval: 50 },
    );

  const nextOrderInput = () => orderInput(`HOOK-${++sequence}`);

  it('sends each change once, signed, from GraphQL, legacy REST, the CSV import and the technician’s phone', async () => {
    const { secret } = await subscribe();
    // GraphQL
    const { createOrder: created } = await gql<{ createOrder: { id: number; referenceNumber: string } }>(CREATE_ORDER, {
      input: nextOrderInput(),
    });
    // Legacy REST: reassigning and deleting
    const other = await createTechnician(server.em(), { personalNumber: 'N200' });
    const edit = await server.rest('POST', '/api/admin/appointment/edit', {
      token,
      form: { reference_number: created.referenceNumber, acme_identifier: other.personalNumber },
    });
    expect(edit.status).toBe(200);
    expect((await server.rest('DELETE', `/api/admin/appointment/${created.id}`, { token })).status).toBe(200);
    // The CSV import
    const file = [
      'reference_number;name;email;phone;zipcode;house_number;city;date;time;technician;flag',
      'CSV-1;Piet Bakker;piet@example.test;0612345678;3511CD;4;Utrecht;25-11-2026;10:00;;0',
    ].join('\r\n');
    const imported = await postGraphQLUpload(
      server.url,
      IMPORT,
      { country: 'NL' },
      'file',
      { name: 'orders.csv', content: file },
      { token },
    );
    expect(imported.body.errors).toBeUndefined();
    // The technician's phone: on the way, then finished
    const today = await createOrder(server.em(), {
      technician,
      appointment: instantOf('2026-11-24', 11, 0, 'Europe/Amsterdam'),
    });
    const phone = tokensFor(server).technician(technician);
    const tap = async (input: Record<string, unknown>) => {
      const { body } = await server.graphql(
        SET_STATUS,
        { input: { requestId: randomUUID(), orderId: today.id, ...input } },
        { token: phone },
      );
      expect(body.errors).toBeUndefined();
    };
    await tap({ stage: 'ON_THE_WAY', expectedArrival: new Date(NOW.getTime() + 30 * 60_000).toISOString() });
    await tap({ stage: 'ARRIVED' });
    await tap({ stage: 'FINISHED', outcome: 'REPAIRED' });

    await waitForCount(9);
    await runWebhooks(server.services);
    const events = verified(secret);
    const types = events.map((event) => event.type).sort();
    expect(types).toEqual(
      [
        'import.finished',
        'order.created',
        'order.created',
        'order.deleted',
        'order.reassigned',
        'visit.finished',
        'visit.status_changed',
        'visit.status_changed',
        'visit.status_changed',
      ].sort(),
    );
    // once each: no webhook-id twice
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
    // in order per order
    const ofCreated = events.filter((event) => event.data.orderId === created.id).map((event) => event.type);
    expect(ofCreated).toEqual(['order.created', 'order.reassigned', 'order.deleted']);
    const ofToday = events.filter((event) => event.data.orderId === today.id).map((event) => event.type);
    expect(ofToday).toEqual(['visit.status_changed', 'visit.status_changed', 'visit.status_changed', 'visit.finished']);
    expect(events.find((event) => event.type === 'order.reassigned')?.data).toMatchObject({
      orderId: created.id,
      referenceNumber: created.referenceNumber,
      after: { technician: 'N200' },
    });
    expect(events.find((event) => event.type === 'import.finished')?.data).toMatchObject({
      created: 1,
      status: 'SUCCEEDED',
    });
    // Counted for Prometheus: the requests delivered, and nothing due any more. The sender's thread counts its
    // requests once its run ends and records them after its round: the figures follow the events by a moment.
    await vi.waitFor(
      async () => {
        const metrics = (await server.services.metrics.scrape()).body;
        const sample = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1]);
        expect(sample('tijdvak_webhook_requests_total\\{outcome="delivered"\\}')).toBeGreaterThanOrEqual(events.length);
        expect(sample('tijdvak_webhook_due_deliveries')).toBe(0);
        expect(sample('tijdvak_webhook_lag_seconds')).toBe(0);
      },
      { timeout: 20_000, interval: 50 },
    );
  });

  it('keeps every event while the receiver is down and sends them afterwards, in order per order', async () => {
    const { secret } = await subscribe();
    receiver.state.status = 503;
    const { createOrder: order } = await gql<{ createOrder: { id: number; referenceNumber: string } }>(CREATE_ORDER, {
      input: nextOrderInput(),
    });
    const other = await createTechnician(server.em(), { personalNumber: `N3${sequence}` });
    await server.rest('POST', '/api/admin/appointment/edit', {
      token,
      form: { reference_number: order.referenceNumber, acme_identifier: other.personalNumber },
    });
    await server.rest('DELETE', `/api/admin/appointment/${order.id}`, { token });
    await runWebhooks(server.services);
    // Tried and kept: by this run, or by the server's own run that a change's notice started and that holds the
    // claim until its round is recorded.
    await vi.waitFor(
      async () => {
        const [pending] = await server
          .em()
          .execute<{ count: string }[]>(
            `select count(*) from webhook_deliveries where status = 'PENDING' and attempts > 0`,
          );
        expect(Number(pending.count)).toBeGreaterThanOrEqual(1);
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(receiver.received).toEqual([]);
    // An hour later the receiver is back: the retries go, the earliest of the order first.
    receiver.state.status = 200;
    server.services.clock.travelTo(new Date(NOW.getTime() + HOUR));
    await waitForCount(3);
    expect(verified(secret).map((event) => event.type)).toEqual(['order.created', 'order.reassigned', 'order.deleted']);
  });

  it('refuses a private or loopback address at save, and again at send', async () => {
    const client = await gql<{ createApiClient: { apiClient: { id: number } } }>(CREATE_CLIENT, {
      input: { name: `Private ${++sequence}`, scopes: ['orders:read'], countries: ['NL'] },
    });
    const apiClientId = client.createApiClient.apiClient.id;
    for (const url of [
      'http://10.1.2.3/hooks',
      'https://169.254.169.254/latest',
      'https://[fd00::1]/x',
      'ftp://example.com/',
    ]) {
      const { body } = await server.graphql(
        CREATE_ENDPOINT,
        { input: { apiClientId, url, events: ['order.created'] } },
        { token },
      );
      expect(body.errors?.[0]?.extensions?.code, url).toBe('BAD_USER_INPUT');
    }
    // An address that became private after it was saved (as a DNS answer can) is refused at send.
    await server
      .em()
      .execute(
        `insert into webhook_endpoints (client_id, url, events, secret, created_at) values (?, 'http://192.168.1.20/hooks', '{order.created}', 'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=', now())`,
        [apiClientId],
      );
    await gql(CREATE_ORDER, { input: nextOrderInput() });
    await vi.waitFor(
      async () => {
        await runWebhooks(server.services);
        const { webhookDeliveries } = await gql<{ webhookDeliveries: { lastError: string | null }[] }>(DELIVERIES, {
          apiClientId,
        });
        expect(webhookDeliveries[0]?.lastError).toBe('WEBHOOK_ADDRESS_NOT_PUBLIC');
      },
      { timeout: 20_000, interval: 50 },
    );
  });

  it('redelivers a delivery with the same webhook-id', async () => {
    const { secret, apiClientId } = await subscribe(receiver.url, ['order.created']);
    await gql(CREATE_ORDER, { input: nextOrderInput() });
    await waitForCount(1);
    const { webhookDeliveries } = await gql<{ webhookDeliveries: { id: string; status: string; messageId: string }[] }>(
      DELIVERIES,
      { apiClientId },
    );
    expect(webhookDeliveries).toHaveLength(1);
    expect(webhookDeliveries[0].status).toBe('DELIVERED');
    await gql(`mutation ($id: ID!) { redeliverWebhook(id: $id) { id status } }`, { id: webhookDeliveries[0].id });
    await waitForCount(2);
    const events = verified(secret);
    expect(events.map((event) => event.id)).toEqual([webhookDeliveries[0].messageId, webhookDeliveries[0].messageId]);
  });

  it('fails a delivery after a day of retries and turns off the endpoint', async () => {
    const { apiClientId } = await subscribe(receiver.url, ['order.created']);
    receiver.state.status = 500;
    await gql(CREATE_ORDER, { input: nextOrderInput() });
    await vi.waitFor(
      async () => {
        await runWebhooks(server.services);
        const { webhookDeliveries } = await gql<{ webhookDeliveries: { attempts: number }[] }>(DELIVERIES, {
          apiClientId,
        });
        expect(webhookDeliveries[0]?.attempts).toBeGreaterThanOrEqual(1);
      },
      { timeout: 20_000, interval: 50 },
    );
    for (const hours of [1, 6, 12, 18, 23, 24, 25]) {
      server.services.clock.travelTo(new Date(NOW.getTime() + hours * HOUR));
      await runWebhooks(server.services);
    }
    token = tokensFor(server).admin(admin);
    const { webhookDeliveries } = await gql<{ webhookDeliveries: { status: string; lastStatusCode: number }[] }>(
      DELIVERIES,
      { apiClientId },
    );
    expect(webhookDeliveries[0]).toMatchObject({ status: 'FAILED', lastStatusCode: 500 });
    const { webhookEndpoints } = await gql<{ webhookEndpoints: { enabled: boolean }[] }>(
      `query ($id: Int!) { webhookEndpoints(apiClientId: $id) { enabled } }`,
      { id: apiClientId },
    );
    expect(webhookEndpoints).toEqual([{ enabled: false }]);
    const outbox = join(server.dataDir, 'outbox');
    const mails = existsSync(outbox)
      ? readdirSync(outbox)
          .filter((name) => name.endsWith('.eml'))
          .map((name) => readFileSync(join(outbox, name), 'utf8'))
      : [];
    expect(mails.some((mail) => mail.includes(admin.email) && mail.includes(receiver.url))).toBe(true);
  });

  it('tells of a consumer message that failed, once, whatever marks it failed', async () => {
    const { secret } = await subscribe(receiver.url, ['message.failed']);
    const order = await createOrder(server.em(), { technician, appointment: new Date(NOW.getTime() + 24 * HOUR) });
    const [message] = await server.em().execute<{ id: number }[]>(
      `insert into consumer_messages (order_id, kind, channel, window_start, window_seconds, recipient, language, status,
         created_at) values (?, 'CONFIRMATION', 'EMAIL', ?, 10800, 'klant@example.test', 'nl', 'QUEUED', ?) returning id`,
      [order.id, NOW.toISOString(), NOW.toISOString()],
    );
    await server
      .em()
      .execute(
        `update consumer_messages set status = 'FAILED', failed_at = ?, failure_code = 'SMTP_REJECTED' where id = ?`,
        [NOW.toISOString(), message.id],
      );
    // Marking it failed again is no new failure.
    await server.em().execute(`update consumer_messages set status = 'FAILED' where id = ?`, [message.id]);
    await waitForCount(1);
    await runWebhooks(server.services);
    const events = verified(secret);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'message.failed',
      data: { orderId: order.id, messageId: message.id, channel: 'EMAIL', failureCode: 'SMTP_REJECTED' },
    });
  });

  it('signs with the new secret and, during the overlap, the previous one', async () => {
    const { secret: previous, endpoint } = await subscribe(receiver.url, ['order.created']);
    const rotated = await gql<{ rotateWebhookSecret: { secret: string } }>(
      `mutation ($input: RotateWebhookSecretInput!) { rotateWebhookSecret(input: $input) { secret } }`,
      { input: { id: endpoint.id, overlapHours: 1 } },
    );
    const next = rotated.rotateWebhookSecret.secret;
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(previous);
    await gql(CREATE_ORDER, { input: nextOrderInput() });
    await waitForCount(1);
    expect(verified(next)).toHaveLength(1);
    expect(verified(previous)).toHaveLength(1);
    // After the overlap only the new secret signs.
    server.services.clock.travelTo(new Date(NOW.getTime() + 2 * HOUR));
    token = tokensFor(server).admin(admin);
    receiver.received.length = 0;
    await gql(CREATE_ORDER, { input: nextOrderInput() });
    await waitForCount(1);
    expect(verified(next)).toHaveLength(1);
    expect(() => verified(previous)).toThrow();
  });
});
