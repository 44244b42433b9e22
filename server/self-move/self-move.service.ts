import { MOVE_OFFERS_MAX, MOVE_UNDO_MINUTES } from '../../shared/self-move.js';
import { localDateOf } from '../../shared/zoned-time.js';
import { OrderEventActorType, OrderEventKind } from '../audit/order-event-kind.js';
import { OrderEvent } from '../audit/order-event.entity.js';
import { Role } from '../common/auth/role.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { TIME_ZONE } from '../common/locale.js';
import { EXTERNAL_COMPANIES } from '../consumers/contact-details.js';
import { ConsumerError } from '../consumers/consumer.errors.js';
import type { AppContext } from '../context.js';
import {
  findTechnicianByRef,
  OrderRepository,
  OrderRescheduleService,
  type Order,
  type RescheduleOptions,
} from '../orders/index.js';
import { ScheduleError } from '../schedule/index.js';
import { Technician } from '../technicians/index.js';
import { moveSlots } from './move-offers.js';
import { MoveOfferRepository, type MoveState } from './repository/move-offer.repository.js';
import { SelfMoveError } from './self-move.errors.js';
import type { MoveVisitInput } from './self-move.inputs.js';
import { MoveOffer, VisitMoved, VisitMoveOffers } from './self-move.types.js';

const UNDO_MS = MOVE_UNDO_MINUTES * 60_000;
/** The consumer's messages wait a little longer than the undo is offered: the undo's own request takes time too. */
const UNDO_MARGIN_MS = 5_000;

const visitOf = (order: Order, undoableUntil: Date | null): VisitMoved =>
  Object.assign(new VisitMoved(), {
    referenceNumber: order.referenceNumber,
    date: localDateOf(order.appointment, TIME_ZONE[order.country]),
    appointment: order.appointment,
    end: new Date(order.appointment.getTime() + order.duration * 1000),
    undoableUntil,
  });

/**
 * The consumer moves a visit of the data token to another day and window, and may undo it for a few minutes
 * (docs/rules.md, Rescheduling an order). The move goes the office's way (OrderRescheduleService): the same checks, the
 * history (by the customer), the announcement the planner, console and board follow; its messages wait for the undo.
 */
export class SelfMoveService {
  constructor(private readonly ctx: AppContext) {}

  private get now(): Date {
    return this.ctx.services.clock.now();
  }

  /** The offers of a visit; none while self-service is off for its country (the page offers "call me"). */
  async offers(referenceNumber: string): Promise<VisitMoveOffers> {
    await this.ctx.services.rateLimiter.consume('PERSONAL_LINK_PER_CLIENT', this.ctx.clientKey);
    const order = await this.ownVisit(referenceNumber);
    const setting = await new MoveOfferRepository(this.ctx.em).state(order.id, order.country);
    if (!setting.enabled) return Object.assign(new VisitMoveOffers(), { enabled: false, offers: [] });
    this.assertMovable(order, setting);
    const slots = await moveSlots(this.ctx.em, this.ctx.services.holidays, order, setting, this.now);
    const offers = slots
      .filter((slot) => slot.room)
      .slice(0, MOVE_OFFERS_MAX)
      .map((slot) =>
        Object.assign(new MoveOffer(), {
          date: slot.date,
          appointment: slot.appointment,
          end: new Date(slot.appointment.getTime() + order.duration * 1000),
          sameTechnician: slot.sameTechnician,
        }),
      );
    return Object.assign(new VisitMoveOffers(), { enabled: true, offers });
  }

  /**
   * Takes an offer: refused unless the server offers that window now (MOVE_OFFER_UNKNOWN), and when its day filled
   * meanwhile (MOVE_OFFER_TAKEN). The technician's day is locked while it is counted and taken, so of two consumers
   * taking its last place one gets it and the other is refused.
   */
  async move(input: MoveVisitInput): Promise<VisitMoved> {
    await this.ctx.services.rateLimiter.consume('PERSONAL_LINK_PER_CLIENT', this.ctx.clientKey);
    const visit = await this.ownVisit(input.referenceNumber);
    const now = this.now;
    const undoableUntil = new Date(now.getTime() + UNDO_MS);
    const zone = TIME_ZONE[visit.country];
    const moved = await this.reschedule(
      { orderId: visit.id, appointment: input.appointment },
      {
        undoableUntil: new Date(undoableUntil.getTime() + UNDO_MARGIN_MS),
        technicianFor: async (em, order) => {
          // Read under the order's lock: self-service off, or the technician set out, refuses the move.
          const setting = await new MoveOfferRepository(em).state(order.id, order.country);
          if (!setting.enabled) throw new AppError(SelfMoveError.MOVE_OFF);
          this.assertMovable(order, setting);
          const slots = await moveSlots(em, this.ctx.services.holidays, order, setting, now);
          const slot = slots.find((candidate) => candidate.appointment.getTime() === input.appointment.getTime());
          if (!slot) throw new AppError(SelfMoveError.MOVE_OFFER_UNKNOWN);
          if (!slot.room) throw new AppError(SelfMoveError.MOVE_OFFER_TAKEN);
          const visits = await new MoveOfferRepository(em).lockAndCount(slot.technicianId, slot.date, zone);
          if (visits >= setting.capacityPerDay) throw new AppError(SelfMoveError.MOVE_OFFER_TAKEN);
          return em.findOneOrFail(Technician, slot.technicianId);
        },
      },
      SelfMoveError.MOVE_OFFER_TAKEN,
    );
    return visitOf(moved, undoableUntil);
  }

  /**
   * Takes the consumer's last move back while its minutes last, to the day, window and technician before it, when
   * nothing else moved the visit since. The visit's messages still wait then: an undone move tells nothing.
   */
  async undo(referenceNumber: string): Promise<VisitMoved> {
    await this.ctx.services.rateLimiter.consume('PERSONAL_LINK_PER_CLIENT', this.ctx.clientKey);
    const visit = await this.ownVisit(referenceNumber);
    const closed = () => new AppError(SelfMoveError.MOVE_UNDO_CLOSED);
    const last = await this.ctx.em.findOne(
      OrderEvent,
      { order: visit.id, kind: { $in: [OrderEventKind.RESCHEDULED, OrderEventKind.CONSUMER_MOVE_UNDONE] } },
      { orderBy: { id: 'desc' } },
    );
    const now = this.now;
    if (
      last?.kind !== OrderEventKind.RESCHEDULED ||
      last.actorType !== OrderEventActorType.CONSUMER ||
      last.occurredAt.getTime() + UNDO_MS < now.getTime()
    ) {
      throw closed();
    }
    const before = last.before ?? {};
    const after = last.after ?? {};
    const appointment = typeof before.appointment === 'string' ? new Date(before.appointment) : visit.appointment;
    const undone = await this.reschedule(
      { orderId: visit.id, appointment },
      {
        kind: OrderEventKind.CONSUMER_MOVE_UNDONE,
        technicianFor: async (em, order) => {
          // Moved since by someone else: that move stands.
          const technician = order.technician?.personalNumber ?? null;
          const unchanged =
            (typeof after.appointment !== 'string' || after.appointment === order.appointment.toISOString()) &&
            (typeof after.technician !== 'string' || after.technician === technician);
          if (!unchanged || !order.technician) throw closed();
          if (typeof before.technician !== 'string') return order.technician;
          // Removed since: the visit stays with the technician it has.
          const back = await findTechnicianByRef(em, before.technician);
          if (!back) throw closed();
          return back;
        },
      },
      SelfMoveError.MOVE_UNDO_CLOSED,
    );
    return visitOf(undone, null);
  }

  /** The office's move; a day confirmed meanwhile is the consumer's `refusal`, never a technician's name. */
  private async reschedule(
    input: { orderId: number; appointment: Date },
    options: RescheduleOptions,
    refusal: typeof SelfMoveError.MOVE_OFFER_TAKEN | typeof SelfMoveError.MOVE_UNDO_CLOSED,
  ): Promise<Order> {
    try {
      return await new OrderRescheduleService(this.ctx).reschedule(input, options);
    } catch (error) {
      if (error instanceof AppError && error.definition === ScheduleError.SCHEDULE_CONFIRMED)
        throw new AppError(refusal);
      throw error;
    }
  }

  /** A visit that has begun, or whose technician set out, stays where it is. */
  private assertMovable(order: Order, state: MoveState): void {
    if (this.now.getTime() >= order.appointment.getTime() || state.underWay) {
      throw new AppError(SelfMoveError.MOVE_CLOSED);
    }
  }

  /** A visit of the caller's data token that we make ourselves; anything else is VISIT_NOT_FOUND or VISIT_EXTERNAL. */
  private async ownVisit(referenceNumber: string): Promise<Order> {
    const viewer = this.ctx.viewer;
    if (viewer?.role !== Role.CONSUMER) throw new AppError(CommonError.FORBIDDEN);
    const reference = referenceNumber.trim();
    const order =
      reference && viewer.orderIds.length > 0
        ? await new OrderRepository(this.ctx.em).activeAmongByReference(viewer.orderIds, reference)
        : null;
    if (!order) throw new AppError(ConsumerError.VISIT_NOT_FOUND, { params: { reference } });
    if (order.externalCompany !== null) {
      const company = EXTERNAL_COMPANIES[order.externalCompany] ?? EXTERNAL_COMPANIES[0];
      throw new AppError(ConsumerError.VISIT_EXTERNAL, { params: { company: company.name } });
    }
    return order;
  }
}
