import { describe, expect, it } from 'vitest';
import { Admin } from '../../../server/admins/admin.entity.js';
import { DEMO_ADMIN } from '../../../server/db/seed/demo-data.js';
import { settleConsumerMessages } from '../../utils/consumer-messages.js';
import { tokensFor } from '../../utils/factories.js';
import { startTestServer } from '../../utils/test-server.js';

const MAIL_READS = `query ($from: String!, $to: String!) {
  mailReads(from: $from, to: $to) { days { date sent opened } total { sent } }
}`;

describe('the demo world on the statistics screen', () => {
  it("fills the chart of consumer mails: today's visits are mailed at start", async () => {
    // An ordinary Wednesday morning: today's later visits are told at once, as the start-up text says.
    const server = await startTestServer({ env: { DEMO_DATA: '1', CLOCK_NOW: '2026-11-18T10:00:00+01:00' } });
    try {
      await settleConsumerMessages(server);
      const admin = await server.em().findOneOrFail(Admin, { email: DEMO_ADMIN.email });
      const { body } = await server.graphql<{
        mailReads: { days: { date: string; sent: number; opened: number }[]; total: { sent: number } };
      }>(MAIL_READS, { from: '2026-10-20', to: '2026-11-18' }, { token: tokensFor(server).admin(admin) });
      expect(body.errors).toBeUndefined();
      expect(body.data!.mailReads.total.sent).toBeGreaterThan(0);
      expect(body.data!.mailReads.days.at(-1)).toMatchObject({ date: '2026-11-18' });
      expect(body.data!.mailReads.days.at(-1)!.sent).toBe(body.data!.mailReads.total.sent);
    } finally {
      await server.stop();
    }
  });
});
