import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Country } from '../../../server/common/locale.js';
import type { Order } from '../../../server/orders/order.entity.js';
import { VisitRecord } from '../../../server/visit-records/index.js';
import { VisitOutcome, VisitStage, VisitStatus } from '../../../server/visits/visit-status.entity.js';
import { FOLLOW_UP_WINDOW_DAYS } from '../../../shared/office-figures.js';
import { createAdmin, createOrder, createTechnician, tokensFor } from '../../utils/factories.js';
import { startTestServer, type TestServer } from '../../utils/test-server.js';

/** Tuesday 1 December 2026, 08:00; the visits are today at 10:00. */
const NOW = new Date('2026-12-01T08:00:00+01:00');
const TEN = new Date('2026-12-01T10:00:00+01:00');
const DAY_MS = 86_400_000;
const daysBefore = (days: number) => new Date(TEN.getTime() - days * DAY_MS);

const TODAY = `{ technicianToday { orders { id previousVisitRecord {
  appointment outcome applianceBrand applianceModel applianceSerialNumber officeNote
  partsUsed { name articleNumber quantity } partsNeeded { name articleNumber quantity }
} } } }`;

interface Previous {
  appointment: string;
  outcome: string | null;
  applianceBrand: string | null;
  officeNote: string | null;
  partsNeeded: { name: string; articleNumber: string | null; quantity: number }[];
}

describe("the earlier visit's record on the technician's card of a follow-up visit", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { CLOCK_NOW: NOW.toISOString() } });
  });
  afterAll(async () => server?.stop());

  /** An earlier visit of the order, finished with `outcome` and recorded (as the technician's phone did then). */
  const earlierVisit = async (order: Order, outcome: VisitOutcome, brand: string) => {
    const em = server.em();
    em.create(VisitStatus, {
      order: order.id,
      stage: VisitStage.FINISHED,
      steppedBack: false,
      outcome,
      finishedAt: new Date(order.appointment.getTime() + 3_600_000),
      updatedAt: new Date(order.appointment.getTime() + 3_600_000),
    });
    em.create(VisitRecord, {
      order: order.id,
      applianceBrand: brand,
      applianceModel: 'W1',
      applianceSerialNumber: 'SN-9',
      partsNeeded: [{ name: 'Lagerset', articleNumber: 'L-7', quantity: 2 }],
      officeNote: 'Lagers versleten',
      updatedAt: order.appointment,
    });
    await em.flush();
  };

  const today = async (token: string) => {
    const { body } = await server.graphql<{
      technicianToday: { orders: { id: number; previousVisitRecord: Previous | null }[] };
    }>(TODAY, {}, { token });
    expect(body.errors).toBeUndefined();
    return new Map(body.data?.technicianToday.orders.map((order) => [order.id, order.previousVisitRecord]));
  };

  it('shows the latest recorded visit to the same address (NL) or phone (BE) within the follow-up window, and nothing else', async () => {
    const technician = await createTechnician(server.em());
    const other = await createTechnician(server.em());
    const address = { zipcode: '4321 ZX', houseNumber: '7' };
    // Two earlier visits to the same door: the latest within the window is shown.
    await earlierVisit(
      await createOrder(server.em(), { ...address, technician: other, appointment: daysBefore(20) }),
      VisitOutcome.NOT_DONE,
      'Oud',
    );
    await earlierVisit(
      await createOrder(server.em(), { ...address, technician: other, appointment: daysBefore(6) }),
      VisitOutcome.FOLLOW_UP_PARTS,
      'Miele',
    );
    const followUp = await createOrder(server.em(), { ...address, technician, appointment: TEN });
    // A visit longer ago than the window: not shown.
    const oldAddress = { zipcode: '4321 ZX', houseNumber: '9' };
    await earlierVisit(
      await createOrder(server.em(), {
        ...oldAddress,
        technician: other,
        appointment: daysBefore(FOLLOW_UP_WINDOW_DAYS + 1),
      }),
      VisitOutcome.FOLLOW_UP_PARTS,
      'Te oud',
    );
    const tooLate = await createOrder(server.em(), { ...oldAddress, technician, appointment: TEN });
    // Another door of the same street: nothing.
    const neighbour = await createOrder(server.em(), {
      zipcode: '4321 ZX',
      houseNumber: '8',
      technician,
      appointment: TEN,
    });
    // Belgium: the same phone number.
    const beTechnician = await createTechnician(server.em(), { country: Country.BE });
    await earlierVisit(
      await createOrder(server.em(), {
        country: Country.BE,
        zipcode: '1000',
        phone: '0470 12 34 56',
        technician: other,
        appointment: daysBefore(3),
      }),
      VisitOutcome.FOLLOW_UP_PARTS,
      'Bosch',
    );
    const beFollowUp = await createOrder(server.em(), {
      country: Country.BE,
      zipcode: '1000',
      phone: '+32 470 12 34 56',
      technician: beTechnician,
      appointment: TEN,
    });

    const cards = await today(tokensFor(server).technician(technician));
    expect(cards.get(followUp.id)).toEqual({
      appointment: daysBefore(6).toISOString(),
      outcome: 'FOLLOW_UP_PARTS',
      applianceBrand: 'Miele',
      applianceModel: 'W1',
      applianceSerialNumber: 'SN-9',
      officeNote: 'Lagers versleten',
      partsUsed: [],
      partsNeeded: [{ name: 'Lagerset', articleNumber: 'L-7', quantity: 2 }],
    });
    expect(cards.get(tooLate.id)).toBeNull();
    expect(cards.get(neighbour.id)).toBeNull();
    const beCards = await today(tokensFor(server).technician(beTechnician));
    expect(beCards.get(beFollowUp.id)).toMatchObject({ applianceBrand: 'Bosch', outcome: 'FOLLOW_UP_PARTS' });

    // The technician's own visits only: another technician's day lists none of these; the office has no technician's day.
    const otherCards = await today(tokensFor(server).technician(other));
    expect(otherCards.has(followUp.id)).toBe(false);
    const admin = tokensFor(server).admin(await createAdmin(server.em()));
    const { body } = await server.graphql(TODAY, {}, { token: admin });
    expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
