import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportJob, ImportJobStatus } from '../../../server/imports/import-job.entity.js';
import { Order } from '../../../server/orders/order.entity.js';
import { createAdmin, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { postGraphQLUpload, postRestUpload } from '../../utils/upload.js';
import { INCLUDING_DELETED } from '../../../server/orders/repository/active-orders.js';

const IMPORT = /* GraphQL */ `
  mutation Import($country: Country!, $file: Upload!, $jobId: String) {
    importOrders(country: $country, file: $file, jobId: $jobId) {
      __typename
      ... on ImportOrdersSuccess {
        rows
        created
      }
    }
  }
`;

const HEADER = 'reference_number;name;email;phone;zipcode;house_number;city;date;time';
const row = (reference: string) =>
  `${reference};Anna Jansen;anna@example.test;0612345678;1234AB;12;Utrecht;24-11-2030;08:00/11:00\r\n`;

/** A file that sends its header and a row, then waits (a slow or stalled upload) until released. */
function stallingFile() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  async function* content() {
    yield `${HEADER}\r\n${row('SLOW-1')}`;
    await released;
    yield row('SLOW-2');
  }
  return { content: content(), release };
}

describe('an import while another one uploads', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer();
    token = tokensFor(server).admin(await createAdmin(server.em()));
  });
  afterAll(() => server.stop());

  /** Connections of this test's database that sit in an open transaction, and advisory locks held. */
  async function openTransactionsAndLocks() {
    const connection = server.em().getConnection();
    const [activity] = await connection.execute<{ open: string }[]>(
      `select count(*) as open from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and state like 'idle in transaction%'`,
    );
    const [locks] = await connection.execute<{ held: string }[]>(
      `select count(*) as held from pg_locks where locktype = 'advisory'`,
    );
    return { openTransactions: Number(activity.open), advisoryLocks: Number(locks.held) };
  }

  it('holds no transaction or lock while the file uploads, and answers a second import IMPORT_IN_PROGRESS at once', async () => {
    const slow = stallingFile();
    const jobId = randomUUID();
    const first = postGraphQLUpload(
      server.url,
      IMPORT,
      { country: 'NL', jobId },
      'file',
      { name: 'slow.csv', content: slow.content },
      { token },
    );
    await expect
      .poll(async () => (await server.em().findOne(ImportJob, { id: jobId }))?.rowsChecked ?? -1, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(0);
    // The first row has been read; the upload now stalls.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await openTransactionsAndLocks()).toEqual({ openTransactions: 0, advisoryLocks: 0 });

    const started = Date.now();
    const graphqlSecond = await postGraphQLUpload(
      server.url,
      IMPORT,
      { country: 'NL' },
      'file',
      { name: 'second.csv', content: `${HEADER}\r\n${row('SECOND-1')}` },
      { token, headers: { 'accept-language': 'fr' } },
    );
    expect(graphqlSecond.body.errors?.[0]).toMatchObject({
      extensions: { code: 'IMPORT_IN_PROGRESS' },
      message:
        "Une importation est déjà en cours. Attendez qu'elle soit terminée, puis réessayez\u00a0; rien n'a été importé.",
    });
    const restSecond = await postRestUpload(
      server.url,
      '/api/admin/import/NL',
      'file',
      { name: 'second.csv', content: `${HEADER}\r\n${row('SECOND-2')}` },
      { token },
    );
    expect(restSecond).toMatchObject({ status: 409, body: { message: 'IMPORT_IN_PROGRESS' } });
    expect(Date.now() - started).toBeLessThan(2000);

    slow.release();
    const done = await first;
    expect(done.body.data?.importOrders).toEqual({ __typename: 'ImportOrdersSuccess', rows: 2, created: 2 });
    expect(await server.em().count(Order, { referenceNumber: { $like: 'SECOND-%' } }, INCLUDING_DELETED)).toBe(0);

    // The slot is free again.
    const next = await postRestUpload(
      server.url,
      '/api/admin/import/NL',
      'file',
      { name: 'next.csv', content: `${HEADER}\r\n${row('NEXT-1')}` },
      { token },
    );
    expect(next).toMatchObject({ status: 200, body: { rows: 1, created: 1 } });
  });

  it('frees the slot of an upload cut off midway', async () => {
    const controller = new AbortController();
    const slow = stallingFile();
    const jobId = randomUUID();
    const first = postGraphQLUpload(
      server.url,
      IMPORT,
      { country: 'NL', jobId },
      'file',
      { name: 'cut.csv', content: slow.content },
      { token, signal: controller.signal },
    ).catch((error: unknown) => error);
    await expect
      .poll(async () => (await server.em().findOne(ImportJob, { id: jobId }))?.status, { timeout: 10_000 })
      .toBe(ImportJobStatus.RUNNING);
    controller.abort();
    await first;
    await expect
      .poll(async () => (await server.em().findOne(ImportJob, { id: jobId }))?.status, { timeout: 10_000 })
      .toBe(ImportJobStatus.FAILED);
    const next = await postRestUpload(
      server.url,
      '/api/admin/import/NL',
      'file',
      { name: 'after.csv', content: `${HEADER}\r\n${row('AFTER-CUT')}` },
      { token },
    );
    expect(next).toMatchObject({ status: 200, body: { rows: 1, created: 1 } });
  });

  it('takes over the slot of an import whose process stopped (no heartbeat for 30 s)', async () => {
    const connection = server.em().getConnection();
    await connection.execute(
      `insert into import_jobs (id, country, file_name, status, started_at, heartbeat_at)
       values (?, 'NL', 'lost.csv', 'RUNNING', now() - interval '1 minute', clock_timestamp() - interval '31 seconds')`,
      [randomUUID()],
    );
    const next = await postRestUpload(
      server.url,
      '/api/admin/import/NL',
      'file',
      { name: 'again.csv', content: `${HEADER}\r\n${row('AFTER-LOST')}` },
      { token },
    );
    expect(next).toMatchObject({ status: 200, body: { rows: 1, created: 1 } });
    expect(await server.em().count(ImportJob, { fileName: 'lost.csv', status: ImportJobStatus.FAILED })).toBe(1);
  });
});
