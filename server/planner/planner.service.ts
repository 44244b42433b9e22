import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Admin } from '../admins/index.js';
import { OrderEventKind, pickValues, recordOrderEvents, type OrderChange, type OrderValues } from '../audit/index.js';
import type { AppContext } from '../context.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { Role } from '../common/auth/role.js';
import type { TechnicianSession, TechnicianViewer } from '../common/auth/viewer.js';
import { Country, TIME_ZONE } from '../common/locale.js';
import { formatDayMonthYear, localDateOf, localDayRange, type LocalDate } from '../../shared/zoned-time.js';
import { nextWorkingDay } from '../holidays/index.js';
import { Order, OrderRepository } from '../orders/index.js';
import { ConsumerReply } from '../replies/index.js';
import { Technician } from '../technicians/index.js';
import { checkConfirmation, ScheduleConfirmation, ScheduleError } from '../schedule/index.js';
import { toScheduleOrder, VisitStatus, type PlainScheduleOrder } from '../visits/index.js';
import type { ConfirmScheduleInput } from './planner.inputs.js';
import type { ConfirmSchedulePayload, TechnicianSchedule } from './planner.types.js';
import { ScheduleRepository, type ScheduleRead, type ScheduleSession } from './repository/schedule.repository.js';

/** A schedule whose orders carry only their own fields (the legacy call answers no more). */
export type PlainTechnicianSchedule = Omit<TechnicianSchedule, 'orders'> & { orders: PlainScheduleOrder[] };

/** The countries whose next working day the schedule's statement chooses from, by the technician's country. */
const COUNTRIES = Object.values(Country);

interface ScheduleDay {
  date: LocalDate;
  zone: string;
  /** First instant of the day in the zone. */
  start: Date;
  /** First instant of the next day. */
  end: Date;
}

/** What a confirmation records of an order: its start (and its length, when that changed too). */
const startOf = (order: Order): OrderValues => ({
  appointment: order.appointment.toISOString(),
  duration: order.duration,
});

const byStart = (a: Order, b: Order) => a.appointment.getTime() - b.appointment.getTime() || a.id - b.id;

/** The technician planner: the schedule of the next working day, and confirming it (which locks it). */
export class PlannerService {
  constructor(private readonly ctx: AppContext) {}

  private viewer(): TechnicianViewer {
    const viewer = this.ctx.viewer;
    if (viewer?.role !== Role.TECHNICIAN) throw new AppError(CommonError.FORBIDDEN);
    return viewer;
  }

  /** The next working day after today in the technician's own country. */
  private scheduleDay(country: Country): Promise<ScheduleDay> {
    return this.dayIn(country, this.ctx.services.clock.now());
  }

  /** The next working day after `now`'s day in a country. */
  private async dayIn(country: Country, now: Date): Promise<ScheduleDay> {
    const zone = TIME_ZONE[country];
    const date = await nextWorkingDay(this.ctx.services.holidays, country, localDateOf(now, zone));
    return { date, zone, ...localDayRange(date, zone) };
  }

  async current(): Promise<TechnicianSchedule> {
    const { technicianId } = this.viewer();
    const session = { technicianId, tokenVersion: null, actingAdmin: null };
    const schedule = await this.scheduleOf(session, (schedules, days) => schedules.schedule(session, days));
    // The viewer was authenticated: its row existed a moment ago.
    if (!schedule) throw new AppError(CommonError.UNAUTHENTICATED);
    return schedule;
  }

  /**
   * The schedule of a technician's session not checked yet (`AppContext.technicianSession`), checked in the same
   * statement: null when it does not hold. One round trip where authentication and the schedule were two.
   */
  currentOfSession(session: TechnicianSession): Promise<TechnicianSchedule | null> {
    return this.scheduleOf(session, (schedules, days) => schedules.schedule(session, days));
  }

  /** `currentOfSession` without the replies and statuses joined: the legacy call answers only the orders' own fields. */
  plainCurrentOfSession(session: TechnicianSession): Promise<PlainTechnicianSchedule | null> {
    return this.scheduleOf(session, (schedules, days) => schedules.plainSchedule(session, days));
  }

  /**
   * The schedule when the session holds, read by `read` in one statement. Which day is the schedule's is the rule
   * here: the next working day of every country is given, and the technician's country picks its own.
   */
  private async scheduleOf<ScheduleItem>(
    session: ScheduleSession,
    read: (
      schedules: ScheduleRepository,
      days: ReadonlyMap<Country, ScheduleDay>,
    ) => Promise<ScheduleRead<ScheduleItem> | null>,
  ): Promise<(Omit<TechnicianSchedule, 'orders'> & { orders: ScheduleItem[] }) | null> {
    const today = this.ctx.services.clock.now();
    const days = new Map<Country, ScheduleDay>();
    for (const country of COUNTRIES) days.set(country, await this.dayIn(country, today));
    const schedule = await read(new ScheduleRepository(this.ctx.services), days);
    if (!schedule) return null;
    return {
      date: days.get(schedule.country)!.date,
      locked: schedule.locked,
      confirmedAt: schedule.confirmedAt,
      orders: schedule.orders,
    };
  }

  /**
   * Saves the shifted start hours and the confirmation in one transaction. The confirmation is
   * inserted first: a concurrent confirm of the same day waits on the unique index and then fails,
   * so exactly one wins, and a refused confirm changes nothing.
   */
  async confirm(input: ConfirmScheduleInput): Promise<ConfirmSchedulePayload> {
    const { technicianId, actingAdminId, country } = this.viewer();
    const day = await this.scheduleDay(country);
    if (input.date && input.date !== day.date) {
      throw new AppError(ScheduleError.SCHEDULE_DATE_CHANGED, { params: { date: formatDayMonthYear(day.date) } });
    }
    const now = this.ctx.services.clock.now();
    let orders: Order[];
    try {
      orders = await this.ctx.em.transactional(async (em) => {
        em.create(ScheduleConfirmation, {
          technician: em.getReference(Technician, technicianId),
          date: day.date,
          confirmedAt: now,
          confirmedByAdmin: actingAdminId === null ? null : em.getReference(Admin, actingAdminId),
        });
        await em.flush();
        const dayOrders = await new OrderRepository(em).technicianDay(technicianId, day.date, day.zone);
        checkConfirmation(input.appointments, dayOrders, day.date, day.zone);
        const byId = new Map(dayOrders.map((order) => [order.id, order]));
        const confirmed: OrderChange[] = [];
        for (const item of input.appointments) {
          const order = byId.get(item.orderId)!;
          const before = startOf(order);
          if (order.appointment.getTime() !== item.appointment.getTime() || order.duration !== item.duration) {
            order.appointment = item.appointment;
            order.duration = item.duration;
            order.updatedAt = now;
          }
          // Every order of the day: the confirmed start is news even when the hour stayed.
          const after = startOf(order);
          const fields = before.duration === after.duration ? ['appointment'] : ['appointment', 'duration'];
          confirmed.push({ order, before: pickValues(before, fields), after: pickValues(after, fields) });
        }
        await recordOrderEvents(this.ctx, em, OrderEventKind.START_CONFIRMED, confirmed);
        return dayOrders;
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new AppError(ScheduleError.SCHEDULE_LOCKED);
      throw error;
    }
    const ids = orders.map((order) => order.id);
    const replies = await this.ctx.em.find(ConsumerReply, { order: { $in: ids } });
    const replyOf = new Map(replies.map((reply) => [reply.order.id, reply]));
    const statuses = await this.ctx.em.find(VisitStatus, { order: { $in: ids } });
    const statusOf = new Map(statuses.map((status) => [status.order.id, status]));
    return {
      schedule: {
        date: day.date,
        locked: true,
        confirmedAt: now,
        orders: orders
          .sort(byStart)
          .map((order) => toScheduleOrder(order, replyOf.get(order.id) ?? null, statusOf.get(order.id) ?? null)),
      },
    };
  }
}
