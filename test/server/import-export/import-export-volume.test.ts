import { randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderEventKind } from '../../../server/audit/order-event-kind.js';
import { OrderEvent } from '../../../server/audit/order-event.entity.js';
import { Order } from '../../../server/orders/order.entity.js';
import { createAdmin, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';
import { postGraphQLUpload, postRestUpload } from '../../utils/upload.js';
import { INCLUDING_DELETED } from '../../../server/orders/repository/active-orders.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const ROWS = 100_000;
/**
 * The stated bound: while 100 000 rows (about 12 MB of CSV) are imported, then exported and the
 * export imported again, the process's live memory (V8 heap + external buffers, measured after a
 * full garbage collection) never grows by more than this. Holding the rows (or the file) would
 * take several times as much.
 */
const MEMORY_GROWTH_BOUND = 48 * 1024 * 1024;

const IMPORT = /* GraphQL */ `
  mutation Import($file: Upload!, $jobId: String) {
    importOrders(country: NL, file: $file, jobId: $jobId) {
      __typename
      ... on ImportOrdersSuccess {
        rows
        created
        updated
        unchanged
      }
      ... on ImportRowErrors {
        errorCount
        errors {
          line
          message
        }
      }
    }
  }
`;

const TIMES = ['09:30', '10:00', '13:15', '15:00', '08:00/11:00', '17:00/20:00'];

/** 100 000 order rows, produced as they are sent: the test never holds the file. */
async function* generatedFile(): AsyncGenerator<string> {
  let chunk = 'reference_number;name;email;phone;zipcode;house_number;city;date;time;technician;flag\r\n';
  for (let i = 0; i < ROWS; i++) {
    const phone = i % 10 === 0 ? `'+31 6 ${10_000_000 + i}` : `06 ${10_000_000 + i}`;
    const day = String(1 + (i % 28)).padStart(2, '0');
    chunk += `V-${i};"Klant ${i}; de ${i % 97}e";klant${i}@example.test;${phone};${1000 + (i % 9000)} AB;${1 + (i % 300)};Utrecht;${day}-12-2026;${TIMES[i % TIMES.length]};${i % 7 === 0 ? 'N100' : ''};${i % 2}\r\n`;
    if (chunk.length >= 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk;
}

function liveMemory(): number {
  collectGarbage();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

describe('100 000 rows in and out', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    // A clock well before the file's December days: none is published, so no consumer message is planned beside
    // the import (what it would hold is not the import's memory), and the test does not depend on today's date.
    server = await startTestServer({ env: { CLOCK_NOW: '2026-11-02T09:00:00+01:00' } });
    token = tokensFor(server).admin(await createAdmin(server.em()));
    await createTechnician(server.em(), { personalNumber: 'N100' });
  });
  afterAll(() => server.stop());

  it('imports, exports and re-imports them with flat memory, showing progress while it runs', async () => {
    const baseline = liveMemory();
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, liveMemory())), 250);

    const jobId = randomUUID();
    const seen: { status: string; rowsChecked: number; rowsWritten: number }[] = [];
    let importing = true;
    const poll = (async () => {
      while (importing) {
        const { body } = await server.graphql<{ importJob: (typeof seen)[number] | null }>(
          'query ($id: String!) { importJob(id: $id) { status rowsChecked rowsWritten } }',
          { id: jobId },
          { token },
        );
        if (body.data?.importJob) seen.push(body.data.importJob);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();

    try {
      const first = await postGraphQLUpload(
        server.url,
        IMPORT,
        { jobId },
        'file',
        {
          name: 'orders.csv',
          content: generatedFile(),
        },
        { token },
      );
      importing = false;
      await poll;
      expect(first.body.data?.importOrders).toEqual({
        __typename: 'ImportOrdersSuccess',
        rows: ROWS,
        created: ROWS,
        updated: 0,
        unchanged: 0,
      });
      expect(await server.em().count(Order, {}, INCLUDING_DELETED)).toBe(ROWS);
      // The audit trail: one event per new order, written by the import's own statements.
      expect(await server.em().count(OrderEvent, { kind: OrderEventKind.IMPORT_CREATED })).toBe(ROWS);
      // The progress moved while the import ran: rows checked first, then rows written.
      const checking = seen.filter(
        (step) => step.status === 'RUNNING' && step.rowsChecked > 0 && step.rowsChecked < ROWS,
      );
      expect(checking.length).toBeGreaterThan(0);
      expect(seen.every((step, i) => i === 0 || step.rowsChecked >= seen[i - 1].rowsChecked)).toBe(true);

      // The export, streamed straight into a second import: the round trip changes nothing.
      const exported = await fetch(`${server.url}/api/admin/export?country=NL`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(exported.status).toBe(200);
      const second = await postRestUpload(
        server.url,
        '/api/admin/import/NL',
        null,
        { name: 'export.csv', content: exported.body as unknown as AsyncIterable<Uint8Array> },
        { token },
      );
      expect(second).toMatchObject({ status: 200, body: { rows: ROWS, created: 0, updated: 0, unchanged: ROWS } });
      expect(await server.em().count(OrderEvent, {})).toBe(ROWS);
    } finally {
      importing = false;
      clearInterval(sampler);
    }
    peak = Math.max(peak, liveMemory());
    const growthMb = Math.round((peak - baseline) / (1024 * 1024));
    expect(growthMb, `live memory grew by ${growthMb} MB`).toBeLessThan(MEMORY_GROWTH_BOUND / (1024 * 1024));
  }, 300_000);
});
