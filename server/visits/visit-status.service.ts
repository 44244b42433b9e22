import type { EntityManager } from '@mikro-orm/postgresql';
import { VISIT_REQUEST_ID_MAX_LENGTH } from '../../shared/visits.js';
import { Admin } from '../admins/admin.entity.js';
import { recordOrderEvents } from '../audit/order-audit.js';
import { OrderEventKind } from '../audit/order-event-kind.js';
import { changedValues, type OrderValues } from '../audit/order-values.js';
import { Role } from '../common/auth/role.js';
import type { TechnicianViewer } from '../common/auth/viewer.js';
import { AppError, type FieldProblem } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { announceChange } from '../common/events/change-notices.js';
import { TIME_ZONE } from '../common/locale.js';
import { clockOf } from '../../shared/clock-time.js';
import { formatDayMonthYear, localDateOf, localDayRange } from '../../shared/zoned-time.js';
import type { RateLimitName } from '../config.js';
import type { AppContext } from '../context.js';
import { type Order, OrderRepository } from '../orders/index.js';
import { Technician } from '../technicians/index.js';
import { scheduleOrderOfRow } from './schedule-order-sql.js';
import { VisitStatusRepository } from './repository/visit-status.repository.js';
import type { SetVisitStatusInput, UndoVisitStatusInput } from './visit.inputs.js';
import { VisitError } from './visit.errors.js';
import { normalizeVisitNote, PLANNED, stepBack, stepForward, type RuleResult, type VisitState } from './visit-rules.js';
import { VisitStage, VisitStatus } from './visit-status.entity.js';
import type { CurrentTechnician, ScheduleOrder, TechnicianDay } from './visit.types.js';
import { fullName } from '../../shared/staff.js';

/** The change notice of a committed visit status (live pages and message jobs listen to it). */
export const VISIT_STATUS_TOPIC = 'visit-status';

const KIND_OF_STAGE: Record<VisitStage, OrderEventKind> = {
  [VisitStage.ON_THE_WAY]: OrderEventKind.VISIT_ON_THE_WAY,
  [VisitStage.ARRIVED]: OrderEventKind.VISIT_ARRIVED,
  [VisitStage.FINISHED]: OrderEventKind.VISIT_FINISHED,
};

/** What the order's history records of a status (docs: the audit trail of orders, in CONTRIBUTING.md). */
const valuesOf = (state: VisitState): OrderValues => ({
  visitStage: state.stage,
  expectedArrival: state.expectedArrival?.toISOString() ?? null,
  visitOutcome: state.outcome,
  visitNote: state.note,
});

const stateOf = (row: VisitStatus): VisitState => ({
  stage: row.stage,
  previousStage: row.previousStage,
  steppedBack: row.steppedBack,
  expectedArrival: row.expectedArrival,
  onTheWayAt: row.onTheWayAt,
  arrivedAt: row.arrivedAt,
  finishedAt: row.finishedAt,
  outcome: row.outcome,
  note: row.note,
});

function refused(result: Extract<RuleResult, { ok: false }>): AppError {
  return new AppError(result.error, { params: result.params });
}

/**
 * The technician's visit day: today's orders with their statuses, and the statuses themselves
 * (docs/decisions.md, Visit statuses). Every change runs under a lock of the technician (one change
 * of one technician's visits at a time, so "one visit on the way" holds) and of the order, claims
 * its request id first, and is recorded in the order's history and announced in its transaction.
 */
export class VisitStatusService {
  constructor(private readonly ctx: AppContext) {}

  private viewer(): TechnicianViewer {
    const viewer = this.ctx.viewer;
    if (viewer?.role !== Role.TECHNICIAN) throw new AppError(CommonError.FORBIDDEN);
    return viewer;
  }

  async today(): Promise<TechnicianDay> {
    const { technicianId, country } = this.viewer();
    const zone = TIME_ZONE[country];
    const date = localDateOf(this.ctx.services.clock.now(), zone);
    const rows = await new VisitStatusRepository(this.ctx.em).technicianDay(technicianId, localDayRange(date, zone));
    return { date, orders: rows.map(scheduleOrderOfRow).filter((order) => order !== null) };
  }

  async currentTechnician(): Promise<CurrentTechnician> {
    const { technicianId, actingAdminId } = this.viewer();
    const technician = await this.ctx.em.findOneOrFail(Technician, technicianId);
    const acting = actingAdminId === null ? null : await this.ctx.em.findOne(Admin, actingAdminId);
    return {
      firstname: technician.firstname,
      lastname: technician.lastname,
      actingAdminName: acting ? fullName(acting) : null,
    };
  }

  async set(input: SetVisitStatusInput): Promise<ScheduleOrder> {
    const note = normalizeVisitNote(input.note);
    checkEdge(input, note.ok ? [] : [note.problem]);
    const step = {
      stage: input.stage,
      expectedArrival: input.expectedArrival ?? null,
      outcome: input.outcome ?? null,
      note: note.ok ? note.note : null,
    };
    return this.change(input, (current, now) => stepForward(current, step, now), KIND_OF_STAGE[input.stage]);
  }

  async undo(input: UndoVisitStatusInput): Promise<ScheduleOrder> {
    checkEdge(input, []);
    return this.change(input, (current) => stepBack(current), OrderEventKind.VISIT_STEP_BACK);
  }

  private async change(
    input: { orderId: number; requestId: string },
    rule: (current: VisitState, now: Date) => RuleResult,
    kind: OrderEventKind,
  ): Promise<ScheduleOrder> {
    const { technicianId } = this.viewer();
    const now = this.ctx.services.clock.now();
    await this.ctx.em.transactional(async (em) => {
      const visits = new VisitStatusRepository(em);
      await visits.lockTechnician(technicianId);
      // Another's order, a deleted one and none at all look the same to a technician.
      const notYours = () => new AppError(VisitError.VISIT_NOT_YOURS);
      const order = await new OrderRepository(em).activeForChange(input.orderId, {
        notFound: notYours,
        deleted: notYours,
      });
      if (order.technician?.id !== technicianId) throw notYours();
      // A request id applied before: the status is already what that request made it.
      if (!(await visits.claimRequest(order.id, input.requestId, now))) return;
      const zone = TIME_ZONE[order.country];
      const visitDay = localDateOf(order.appointment, zone);
      if (visitDay !== localDateOf(now, zone)) {
        throw new AppError(VisitError.VISIT_NOT_TODAY, { params: { date: formatDayMonthYear(visitDay) } });
      }
      const row = await em.findOne(VisitStatus, { order: order.id }, { refresh: true });
      const current = row ? stateOf(row) : PLANNED;
      const result = rule(current, now);
      if (!result.ok) throw refused(result);
      const next = result.state;
      const limit = limitOf(kind, current.stage);
      if (limit) await this.checkLimit(visits, order, kind, limit, now);
      if (next.stage !== current.stage) {
        await this.checkNoOtherInStage(visits, technicianId, order, visitDay, next.stage);
      }
      this.store(em, order, row, next, now);
      const changed = changedValues(valuesOf(current), valuesOf(next));
      // A new estimate equal to the old one still is a tap the history shows.
      const values =
        Object.keys(changed.after).length > 0
          ? changed
          : { before: { visitStage: current.stage }, after: { visitStage: next.stage } };
      await recordOrderEvents(this.ctx, em, kind, [{ order, ...values }]);
      await announceChange(em, { topic: VISIT_STATUS_TOPIC, ids: [order.id], detail: { stage: next.stage } });
    });
    return this.scheduleOrder(input.orderId);
  }

  /**
   * A new estimate and an undo are the two taps that can repeat without end (each writes an event): each is
   * counted in the visit's history, in this transaction under the technician's lock, so parallel requests count
   * exactly and a refusal, or a repeated request id, costs nothing.
   */
  private async checkLimit(
    visits: VisitStatusRepository,
    order: Order,
    kind: OrderEventKind,
    name: RateLimitName,
    now: Date,
  ) {
    const { points, windowSeconds } = this.ctx.services.config.rateLimits[name];
    const windowMs = windowSeconds * 1000;
    // The visit's own history is the counter of its status limits (docs/decisions.md, Technician: offline copy and
    // status limits).
    const recent = await visits.recentEventTimes(order.id, kind, new Date(now.getTime() - windowMs), points);
    if (recent.length < points) return;
    this.ctx.services.metrics.rateLimitRefused(name);
    // Allowed again once the oldest of the counted taps leaves the window; said as a time of the order's day.
    const again = new Date(new Date(recent[points - 1]).getTime() + windowMs);
    const minute = new Date(Math.ceil(again.getTime() / 60_000) * 60_000);
    throw new AppError(
      name === 'VISIT_ESTIMATE_PER_ORDER' ? VisitError.VISIT_ESTIMATE_TOO_SOON : VisitError.VISIT_TOO_MANY_STEPS_BACK,
      { params: { time: clockOf(minute, TIME_ZONE[order.country], this.ctx.language) } },
    );
  }

  /**
   * One visit on the way and one visit arrived at a time (docs/rules.md, Visit day): a step or an undo into
   * either stage is refused while another visit of the day is in it, naming that visit and its time.
   */
  private async checkNoOtherInStage(
    visits: VisitStatusRepository,
    technicianId: number,
    order: Order,
    visitDay: string,
    stage: VisitStage | null,
  ) {
    if (stage !== VisitStage.ON_THE_WAY && stage !== VisitStage.ARRIVED) return;
    // The technician's active visits of the day are locked by the technician lock the change holds.
    const other = await visits.otherVisitInStage(
      technicianId,
      order.id,
      stage,
      localDayRange(visitDay, TIME_ZONE[order.country]),
    );
    if (!other) return;
    const shown = stage === VisitStage.ON_THE_WAY ? other.expected_arrival : other.arrived_at;
    const time = shown === null ? '—' : clockOf(new Date(shown), TIME_ZONE[other.country], this.ctx.language);
    throw new AppError(
      stage === VisitStage.ON_THE_WAY ? VisitError.VISIT_OTHER_ON_THE_WAY : VisitError.VISIT_OTHER_ARRIVED,
      { params: { name: other.name, time } },
    );
  }

  private store(em: EntityManager, order: Order, row: VisitStatus | null, next: VisitState, now: Date): void {
    if (next.stage === null) {
      // Planned has no row (docs/decisions.md, Visit statuses).
      if (row) em.remove(row);
      return;
    }
    const { stage, ...rest } = next;
    if (row) {
      Object.assign(row, rest, { stage, updatedAt: now });
    } else {
      em.create(VisitStatus, { order, ...rest, stage, updatedAt: now });
    }
  }

  private async scheduleOrder(orderId: number): Promise<ScheduleOrder> {
    const row = await new VisitStatusRepository(this.ctx.em).scheduleOrder(orderId);
    return scheduleOrderOfRow(row!)!;
  }
}

/** Which limit a change counts against: a new estimate of a visit on the way, and every undo. */
function limitOf(kind: OrderEventKind, from: VisitStage | null): RateLimitName | null {
  if (kind === OrderEventKind.VISIT_STEP_BACK) return 'VISIT_STEP_BACK_PER_ORDER';
  if (kind === OrderEventKind.VISIT_ON_THE_WAY && from === VisitStage.ON_THE_WAY) return 'VISIT_ESTIMATE_PER_ORDER';
  return null;
}

/** The checks at the edge: a real order id, a request id of a sane length, a well-formed note. */
function checkEdge(input: { orderId: number; requestId: string }, problems: FieldProblem[]): void {
  if (!Number.isSafeInteger(input.orderId) || input.orderId <= 0) {
    problems.push({ field: 'orderId', message: 'BAD_USER_INPUT' });
  }
  if (input.requestId.trim() === '') problems.push({ field: 'requestId', message: 'FIELD_REQUIRED' });
  else if ([...input.requestId].length > VISIT_REQUEST_ID_MAX_LENGTH) {
    problems.push({ field: 'requestId', message: 'FIELD_TOO_LONG', params: { max: VISIT_REQUEST_ID_MAX_LENGTH } });
  }
  if (problems.length > 0) throw new AppError(CommonError.BAD_USER_INPUT, { fields: problems });
}
