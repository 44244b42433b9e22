import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../common/errors/app-error.js';
import { TIME_ZONE } from '../common/locale.js';
import { formatDayMonthYear, localDateOf, type LocalDate } from '../../shared/zoned-time.js';
import { ScheduleConfirmation } from '../schedule/schedule-confirmation.entity.js';
import type { Technician } from '../technicians/index.js';
import { ScheduleError } from './schedule.errors.js';
import { fullName } from '../../shared/staff.js';

/** The calendar date an appointment falls on in the technician's planner (the technician's zone). */
export function scheduleDateOf(technician: Technician, appointment: Date): LocalDate {
  return localDateOf(appointment, TIME_ZONE[technician.country]);
}

/**
 * A technician who confirmed the schedule of a date gets no further orders on that date: the
 * confirmed plan is what they work from. Throws SCHEDULE_CONFIRMED naming the first such date.
 */
export async function assertSchedulesOpen(
  em: EntityManager,
  technician: Technician,
  appointments: readonly Date[],
): Promise<void> {
  const dates = [...new Set(appointments.map((appointment) => scheduleDateOf(technician, appointment)))];
  if (dates.length === 0) return;
  const confirmed = await em.findOne(
    ScheduleConfirmation,
    { technician: technician.id, date: { $in: dates } },
    { orderBy: { date: 'asc' } },
  );
  if (!confirmed) return;
  throw new AppError(ScheduleError.SCHEDULE_CONFIRMED, {
    params: { technician: fullName(technician), date: formatDayMonthYear(confirmed.date) },
    data: { date: confirmed.date },
  });
}
