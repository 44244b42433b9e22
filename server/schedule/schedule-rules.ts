import { HOUR_CHOICES, PLANNER_DAY, VISIT_DURATION_SECONDS } from '../../shared/hours.js';
import { AppError } from '../common/errors/app-error.js';
import {
  formatDayMonthYear,
  formatLocalDate,
  instantOf,
  localPartsOf,
  type LocalDate,
} from '../../shared/zoned-time.js';
import { ScheduleError } from './schedule.errors.js';

/** One line of a confirmed schedule: an order and its (possibly shifted) start. */
export interface ConfirmedAppointment {
  orderId: number;
  appointment: Date;
  duration: number;
}

/** The part of an order the rules need. */
export interface PlannedOrder {
  id: number;
  name: string;
}

/**
 * Checks a confirmation against the orders of the schedule date and throws the first problem: each
 * visit lasts the slot, starts at an offered hour (07-20) and ends by the end of the planner's day.
 * Every order of the day must appear exactly once: an order added since the planner loaded is
 * never confirmed unseen.
 */
export function checkConfirmation(
  appointments: readonly ConfirmedAppointment[],
  orders: readonly PlannedOrder[],
  date: LocalDate,
  zone: string,
): void {
  if (orders.length === 0) throw new AppError(ScheduleError.SCHEDULE_NOTHING_TO_CONFIRM);
  const byId = new Map(orders.map((order) => [order.id, order]));
  const latestEnd = instantOf(date, PLANNER_DAY.endHour, 0, zone).getTime();
  const seen = new Set<number>();
  for (const item of appointments) {
    const order = byId.get(item.orderId);
    if (!order) {
      throw new AppError(ScheduleError.SCHEDULE_UNKNOWN_ORDER, {
        params: { id: item.orderId },
        data: { orderId: item.orderId },
      });
    }
    const params = {
      name: order.name,
      date: formatDayMonthYear(date),
      firstHour: HOUR_CHOICES.first,
      lastHour: HOUR_CHOICES.last,
      endHour: PLANNER_DAY.endHour,
    };
    const problem = { params, data: { orderId: order.id } };
    if (seen.has(order.id)) throw new AppError(ScheduleError.SCHEDULE_DUPLICATE_ORDER, problem);
    seen.add(order.id);
    if (item.duration !== VISIT_DURATION_SECONDS) throw new AppError(ScheduleError.SCHEDULE_INVALID_DURATION, problem);
    const start = localPartsOf(item.appointment, zone);
    if (formatLocalDate(start) !== date) throw new AppError(ScheduleError.SCHEDULE_WRONG_DATE, problem);
    if (start.hour < HOUR_CHOICES.first || start.hour > HOUR_CHOICES.last) {
      throw new AppError(ScheduleError.SCHEDULE_START_OUT_OF_HOURS, problem);
    }
    if (item.appointment.getTime() + item.duration * 1000 > latestEnd) {
      throw new AppError(ScheduleError.SCHEDULE_END_TOO_LATE, problem);
    }
  }
  if (seen.size !== orders.length) throw new AppError(ScheduleError.SCHEDULE_CHANGED);
}
