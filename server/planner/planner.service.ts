import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Admin } from '../admins/admin.entity.js';
import { recordOrderEvents, type OrderChange } from '../audit/order-audit.js';
import { OrderEventKind } from '../audit/order-event-kind.js';
import { pickValues, type OrderValues } from '../audit/order-values.js';
import type { AppContext } from '../context.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { Role } from '../common/auth/role.js';
import type { TechnicianSession, TechnicianViewer } from '../common/auth/viewer.js';
import { Country, TIME_ZONE } from '../common/locale.js';
import { formatDayMonthYear, localDateOf, localDayRange, type LocalDate } from '../../shared/zoned-time.js';
import { nextWorkingDay } from '../holidays/working-days.js';
import { Order, OrderRepository, activeOrderSql } from '../orders/index.js';
import { ConsumerReply } from '../replies/consumer-reply.entity.js';
import { Technician } from '../technicians/index.js';
import { ScheduleConfirmation } from '../schedule/schedule-confirmation.entity.js';
import { checkConfirmation } from '../schedule/schedule-rules.js';
import { ScheduleError } from '../schedule/schedule.errors.js';
import type { ConfirmScheduleInput } from './planner.inputs.js';
import {
  PLAIN_SCHEDULE_ORDER_COLUMNS,
  plainScheduleOrderOfRow,
  SCHEDULE_ORDER_COLUMNS,
  SCHEDULE_ORDER_JOINS,
  scheduleOrderOfRow,
  toScheduleOrder,
  type PlainScheduleOrder,
} from '../visits/schedule-order-sql.js';
import { VisitStatus } from '../visits/visit-status.entity.js';
import type { ConfirmSchedulePayload, TechnicianSchedule } from './planner.types.js';
import {
  ADMIN_HOLDS_SQL,
  staffSessionParams,
  technicianVersionHoldsSql,
} from '../accounts/repository/staff-session.repository.js';

/** The head of a row of `scheduleSql`: the session's country and the lock (the row's order columns follow). */
interface ScheduleRowHead {
  /** The technician's country; null when the session does not hold (no such technician, another token version). */
  session_country: Country | null;
  locked: boolean;
  confirmed_at: Date | string | null;
}

/** A schedule whose orders carry only their own fields (the legacy call answers no more). */
export type PlainTechnicianSchedule = Omit<TechnicianSchedule, 'orders'> & { orders: PlainScheduleOrder[] };

/** The session to check with the schedule (a null `tokenVersion`: the viewer was already authenticated). */
interface ScheduleSession {
  technicianId: number;
  tokenVersion: number | null;
  actingAdmin: { id: number; tokenVersion: number } | null;
}

/** The countries whose next working day the statement chooses from, by the technician's country. */
const COUNTRIES = Object.values(Country);

/**
 * The technician's session, the lock and every order of the day with its consumer reply and visit status in one
 * statement, whatever the number of orders. The session holds by the staff session's rule
 * (accounts/repository/staff-session.repository.ts); a null token version: the viewer was authenticated already.
 * The day depends on the technician's country: the next working day of each country is given, and the row of the
 * technician's is joined. Joining to a one-row base keeps one row (null columns) when the day has no order or the
 * session does not hold.
 */
function scheduleSql(orderColumns: string, orderJoins: string): string {
  return `
  with session as (
    select t.id, t.country from technicians t
    where t.id = ? and ${technicianVersionHoldsSql('t')} and ${ADMIN_HOLDS_SQL}
  ), day as (
    select session.id as technician_id, session.country, d.date, d.day_start, d.day_end
    from session
    join (values ${COUNTRIES.map(() => '(?::country, ?::date, ?::timestamptz, ?::timestamptz)').join(', ')})
      as d (country, date, day_start, day_end) on d.country = session.country
  )
  select day.country as session_country, c.id is not null as locked, c.confirmed_at, ${orderColumns}
  from (select 1) as one
  left join day on true
  left join schedule_confirmations c on c.technician_id = day.technician_id and c.date = day.date
  left join orders o on o.technician_id = day.technician_id and o.appointment >= day.day_start
    and o.appointment < day.day_end and ${activeOrderSql('o')}
  ${orderJoins}
  order by o.appointment, o.id`;
}

/** Every order of the day with its reply and status. */
const SCHEDULE_SQL = scheduleSql(SCHEDULE_ORDER_COLUMNS, SCHEDULE_ORDER_JOINS);

/** The orders' own columns only: no reply or status to join. */
const PLAIN_SCHEDULE_SQL = scheduleSql(PLAIN_SCHEDULE_ORDER_COLUMNS, '');

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
    const schedule = await this.scheduleOf(session, SCHEDULE_SQL, scheduleOrderOfRow);
    // The viewer was authenticated: its row existed a moment ago.
    if (!schedule) throw new AppError(CommonError.UNAUTHENTICATED);
    return schedule;
  }

  /**
   * The schedule of a technician's session not checked yet (`AppContext.technicianSession`), checked in the same
   * statement: null when it does not hold. One round trip where authentication and the schedule were two.
   */
  currentOfSession(session: TechnicianSession): Promise<TechnicianSchedule | null> {
    return this.scheduleOf(session, SCHEDULE_SQL, scheduleOrderOfRow);
  }

  /** `currentOfSession` without the replies and statuses joined: the legacy call answers only the orders' own fields. */
  plainCurrentOfSession(session: TechnicianSession): Promise<PlainTechnicianSchedule | null> {
    return this.scheduleOf(session, PLAIN_SCHEDULE_SQL, plainScheduleOrderOfRow);
  }

  /** The schedule when the session holds, its orders read by `sql` and made by `orderOfRow`. */
  private async scheduleOf<Row, ScheduleItem>(
    session: ScheduleSession,
    sql: string,
    orderOfRow: (row: Row) => ScheduleItem | null,
  ): Promise<(Omit<TechnicianSchedule, 'orders'> & { orders: ScheduleItem[] }) | null> {
    const today = this.ctx.services.clock.now();
    const days = new Map<Country, ScheduleDay>();
    for (const country of COUNTRIES) days.set(country, await this.dayIn(country, today));
    const { technicianId, tokenVersion, actingAdmin } = session;
    const rows = await this.ctx.services.plainStatements.rows<ScheduleRowHead & Row>(sql, [
      technicianId,
      ...staffSessionParams(tokenVersion, actingAdmin),
      ...COUNTRIES.flatMap((country) => {
        const day = days.get(country)!;
        return [country, day.date, day.start, day.end];
      }),
    ]);
    const country = rows[0]?.session_country;
    if (!country) return null;
    return {
      date: days.get(country)!.date,
      locked: rows[0].locked === true,
      confirmedAt: rows[0].confirmed_at ? new Date(rows[0].confirmed_at) : null,
      orders: rows.map(orderOfRow).filter((order) => order !== null),
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
