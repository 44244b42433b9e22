import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTED_ORDER_SQL } from '../../../server/messages/repository/consumer-message.repository.js';
import { insertVisitDayOrders } from '../../utils/consumer-messages.js';
import { explained, planFigures, type ExplainedRow } from '../../utils/query-plan.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

/** The SMS of a busy publication day: one to each of as many numbers. */
const SENT = 5_000;

describe('an answer by SMS on a day of thousands of messages', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { CLOCK_NOW: '2026-12-01T14:00:00+01:00' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('finds its visit among the SMS sent to its number, not among every message of the day', async () => {
    const connection = server.em().getConnection();
    await insertVisitDayOrders(server, 'TEXTED', SENT, 40_000_000);
    await connection.execute(
      `insert into consumer_messages (order_id, kind, channel, window_start, window_seconds, recipient, language,
                                      created_at, status, sent_at)
         select o.id, 'WINDOW', 'SMS', o.appointment, 10800, '+' || o.phone_normalized, 'nl', now(), 'SENT', now()
           from orders o where o.reference_number like 'TEXTED-%'`,
    );
    await connection.execute(`analyze consumer_messages`);
    await connection.execute(`analyze orders`);
    let placeholder = 0;
    const sql = TEXTED_ORDER_SQL.replace(/\?/g, () => `$${++placeholder}`);
    const pool = await connection.getNativeClient();
    const { rows } = await pool.query<ExplainedRow>(explained(sql), [
      '+31640002500',
      '2026-11-01T00:00:00Z',
      '2026-12-02T00:00:00+01:00',
      '2026-12-03T00:00:00+01:00',
    ]);
    const plan = planFigures(rows[0]);
    expect(plan.rows).toBe(1);
    // A few index and heap pages, where the day's window index read every message (about a hundred pages here).
    expect(plan.pages).toBeLessThan(30);
  });
});
