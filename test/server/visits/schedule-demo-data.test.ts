import { describe, expect, it } from 'vitest';
import { Technician } from '../../../server/technicians/technician.entity.js';
import { startTestServer } from '../../utils/test-server.js';

const SCHEDULE = '{ technicianSchedule { date locked orders { id appointment duration } } }';
const CONFIRM = `mutation ($input: ConfirmScheduleInput!) { confirmSchedule(input: $input) { schedule { locked } } }`;

interface ScheduleData {
  technicianSchedule: {
    date: string;
    locked: boolean;
    orders: { id: number; appointment: string; duration: number }[];
  };
}

/**
 * The demo world must give every demo technician a day to plan, whatever day the demo starts on:
 * an ordinary weekday, a Saturday before Easter Monday, New Year's Eve.
 */
describe.each([
  ['an ordinary Wednesday', '2026-11-18T10:00:00+01:00', { NL: '2026-11-19', BE: '2026-11-19' }],
  ['the Saturday before Easter Monday', '2026-04-04T20:00:00+02:00', { NL: '2026-04-07', BE: '2026-04-07' }],
  ["New Year's Eve, late", '2026-12-31T23:30:00+01:00', { NL: '2027-01-02', BE: '2027-01-02' }],
])('demo data on %s', (_name, now, expectedDates) => {
  it('gives each demo technician a plannable next working day that can be confirmed', async () => {
    const server = await startTestServer({ env: { DEMO_DATA: '1', CLOCK_NOW: now } });
    try {
      const technicians = await server.em().find(Technician, {}, { orderBy: { id: 'asc' } });
      expect(technicians).toHaveLength(4);
      for (const technician of technicians) {
        const token = server.services.tokens.signTechnician(technician);
        const { body } = await server.graphql<ScheduleData>(SCHEDULE, {}, { token });
        const schedule = body.data!.technicianSchedule;
        expect(schedule.date).toBe(expectedDates[technician.country]);
        expect(schedule.locked).toBe(false);
        expect(schedule.orders.length).toBeGreaterThan(0);
        // As loaded, the day keeps every rule: confirming it unchanged succeeds.
        const appointments = schedule.orders.map((order) => ({
          orderId: order.id,
          appointment: order.appointment,
          duration: order.duration,
        }));
        const confirmed = await server.graphql<{ confirmSchedule: { schedule: { locked: boolean } } }>(
          CONFIRM,
          { input: { date: schedule.date, appointments } },
          { token },
        );
        expect(confirmed.body.errors).toBeUndefined();
        expect(confirmed.body.data?.confirmSchedule.schedule.locked).toBe(true);
      }
    } finally {
      await server.stop();
    }
  });
});
