import type { EntityManager } from '@mikro-orm/postgresql';
import { MOVE_WINDOW_HOURS, postcodeAreaOf } from '../../shared/self-move.js';
import { addDays, instantOf, localDateOf, localDayRange, weekdayOf, type LocalDate } from '../../shared/zoned-time.js';
import { TIME_ZONE } from '../common/locale.js';
import type { HolidayDates } from '../context.js';
import type { Order } from '../orders/index.js';
import { MoveOfferRepository, type MoveState } from './repository/move-offer.repository.js';

/** A window a move offers: its start, and the technician who would take it (never shown to the consumer). */
export interface MoveSlot {
  date: LocalDate;
  appointment: Date;
  technicianId: number;
  sameTechnician: boolean;
  /** Whether the technician's day still has room (the capacity setting). */
  room: boolean;
}

/**
 * Every window a move could give the order (docs/rules.md, Rescheduling an order), the ones without room included (a
 * choice of those was offered, then taken): on the days from tomorrow to the setting's days ahead, never a Sunday,
 * a holiday, the order's own day or a confirmed day; its own technician on each of them, and another technician of
 * the country only on a day he already visits the order's postcode area. Per window the own technician first, else
 * the emptiest technician near. Sorted: the own technician's windows by date, then the others'.
 */
export async function moveSlots(
  em: EntityManager,
  holidays: HolidayDates,
  order: Order,
  setting: Pick<MoveState, 'daysAhead' | 'capacityPerDay'>,
  now: Date,
): Promise<MoveSlot[]> {
  const technicianId = order.technician?.id;
  if (technicianId === undefined) return [];
  const zone = TIME_ZONE[order.country];
  const today = localDateOf(now, zone);
  const own = localDateOf(order.appointment, zone);
  const first = addDays(today, 1);
  const last = addDays(today, setting.daysAhead);
  const closed = await holidays.datesOf(order.country);
  const range = localDayRange(first, zone, last);
  const rows = await new MoveOfferRepository(em).technicianDays({
    orderId: order.id,
    country: order.country,
    zone,
    technicianId,
    area: postcodeAreaOf(order.zipcode),
    first,
    last,
    from: range.start,
    to: range.end,
  });
  const open = rows.filter(
    (row) => row.day !== own && !row.confirmed && weekdayOf(row.day) !== 0 && !closed.has(row.day),
  );
  const byDay = new Map<LocalDate, typeof open>();
  for (const row of open) byDay.set(row.day, [...(byDay.get(row.day) ?? []), row]);
  const slots: MoveSlot[] = [];
  for (const [day, candidates] of [...byDay].sort(([a], [b]) => a.localeCompare(b))) {
    const mine = candidates.find((row) => row.technicianId === technicianId);
    const near = candidates
      .filter((row) => row.technicianId !== technicianId)
      .sort((a, b) => a.visits - b.visits || a.technicianId - b.technicianId);
    // The own technician with room, else the emptiest one near; the own one when no one has room (taken).
    const roomy = (row: (typeof candidates)[number]) => row.visits < setting.capacityPerDay;
    const chosen = (mine && roomy(mine) ? mine : near.find(roomy)) ?? mine ?? near[0];
    if (!chosen) continue;
    for (const hour of MOVE_WINDOW_HOURS) {
      slots.push({
        date: day,
        appointment: instantOf(day, hour, 0, zone),
        technicianId: chosen.technicianId,
        sameTechnician: chosen.technicianId === technicianId,
        room: roomy(chosen),
      });
    }
  }
  return slots.sort(
    (a, b) => Number(b.sameTechnician) - Number(a.sameTechnician) || a.appointment.getTime() - b.appointment.getTime(),
  );
}
