import { BIDI_CONTROLS } from '../../shared/text.js';
import type { AppContext } from '../context.js';
import { CALL_NOTE_MAX_LENGTH, DONE_CALL_STATUSES } from '../../shared/call-list.js';
import { fullName } from '../../shared/staff.js';
import { recordOrderEvents } from '../audit/order-audit.js';
import { OrderEventKind } from '../audit/order-event-kind.js';
import { changedValues, type OrderValues } from '../audit/order-values.js';
import { Admin } from '../admins/admin.entity.js';
import { Role } from '../common/auth/role.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { TIME_ZONE, type Country } from '../common/locale.js';
import { formatDayMonthYear, instantOf, localDateOf, localDayRange } from '../../shared/zoned-time.js';
import { windowShownFrom } from '../consumers/visit-indication.js';
import { nextWorkingDay } from '../holidays/working-days.js';
import { Order, OrderError, unknownTechnician, findTechnicianByRef, OrderRepository } from '../orders/index.js';
import { CallListError } from './call-list.errors.js';
import type { SetCallStatusInput } from './call-list.inputs.js';
import { CallListStatus, type CallList } from './call-list.types.js';
import { callDateOf } from './order-call.loader.js';
import { OrderCall } from './order-call.entity.js';
import { InformedRepository, type CallListRow } from './repository/informed.repository.js';

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The rows a call list holds at most: a country's whole day fits; beyond it the dispatcher filters by technician. */
const MAX_LISTED = 500;

/** Control characters (a note is one line) and the bidirectional overrides that can disguise text. */
const FORBIDDEN_IN_NOTE = new RegExp(`\\p{Cc}|${BIDI_CONTROLS.source}`, 'u');

export interface CallListFilter {
  /** A technician's personal number or id. */
  technician?: string | null;
  status?: CallListStatus | null;
}

const statusOf = (row: CallListRow): CallListStatus =>
  row.status === null ? CallListStatus.NOT_CALLED : CallListStatus[row.status];
const isDone = (row: CallListRow) => row.status !== null && DONE_CALL_STATUSES.includes(row.status);

/** The typed note as stored: NFC, trimmed, one line, at most 300 characters; empty is no note. */
function normalizeCallNote(typed: string | null | undefined): string | null {
  if (typed === null || typed === undefined) return null;
  const text = typed.normalize('NFC').trim();
  if (FORBIDDEN_IN_NOTE.test(text)) {
    throw new AppError(CommonError.BAD_USER_INPUT, { fields: [{ field: 'note', message: 'INVALID_CHARACTERS' }] });
  }
  if ([...text].length > CALL_NOTE_MAX_LENGTH) {
    throw new AppError(CommonError.BAD_USER_INPUT, {
      fields: [{ field: 'note', message: 'FIELD_TOO_LONG', params: { max: CALL_NOTE_MAX_LENGTH } }],
    });
  }
  return text === '' ? null : text;
}

/** What the order's history records of a call: its status and note under their own field names. */
const callValues = (call: Pick<OrderCall, 'status' | 'note'> | null): OrderValues => ({
  callStatus: call?.status ?? null,
  callNote: call?.note ?? null,
});

/** The evening-before call list ("Informed?") and the outcome of its calls (docs/rules.md, The call list). */
export class CallListService {
  constructor(private readonly ctx: AppContext) {}

  async callList(country: Country, by: string | null | undefined, filter: CallListFilter = {}): Promise<CallList> {
    const { em, services } = this.ctx;
    const zone = TIME_ZONE[country];
    const now = services.clock.now();
    const today = localDateOf(now, zone);
    let cutoff = now;
    if (by !== null && by !== undefined && by.trim() !== '') {
      const match = TIME_OF_DAY.exec(by.trim());
      if (!match) {
        throw new AppError(CommonError.BAD_USER_INPUT, { fields: [{ field: 'by', message: 'TIME_INPUT_INVALID' }] });
      }
      cutoff = instantOf(today, Number(match[1]), Number(match[2]), zone);
    }
    let technicianId: number | null = null;
    if (filter.technician !== null && filter.technician !== undefined && filter.technician.trim() !== '') {
      const technician = await findTechnicianByRef(em, filter.technician);
      if (!technician) throw unknownTechnician('technician');
      technicianId = technician.id;
    }
    const date = await nextWorkingDay(em, country, today);
    const { start, end } = localDayRange(date, zone);
    const shownFrom = await windowShownFrom(em, country, start);
    // Informed: the customer saw the window between its showing and the cutoff.
    const rows = await new InformedRepository(em).callListRows({
      country,
      start,
      end,
      callDate: date,
      seenFrom: shownFrom,
      seenBefore: cutoff,
      technicianId,
    });
    // A called customer stays on the list even after looking the window up: the call is the dispatcher's work; and a
    // customer who looked and answered "call me" asked for exactly that.
    const listed = rows.filter((row) => !row.informed || row.status !== null || row.asks_call);
    const counts = Object.values(CallListStatus).map((status) => ({
      status,
      count: listed.filter((row) => statusOf(row) === status).length,
    }));
    const matching = filter.status ? listed.filter((row) => statusOf(row) === filter.status) : listed;
    // The rows come by start; those asking to be called come first (they wait for us), the done ones move to the
    // end, each part keeping that order.
    const waiting = matching.filter((row) => !isDone(row));
    const ordered = [
      ...waiting.filter((row) => row.asks_call),
      ...waiting.filter((row) => !row.asks_call),
      ...matching.filter(isDone),
    ];
    const ids = ordered.slice(0, MAX_LISTED).map((row) => Number(row.id));
    const loaded = ids.length === 0 ? [] : await em.find(Order, { id: { $in: ids } }, { populate: ['technician'] });
    const byId = new Map(loaded.map((order) => [order.id, order]));
    return {
      country,
      date,
      timeZone: zone,
      windowShownFrom: shownFrom,
      cutoff,
      totalOrders: rows.length,
      counts,
      matchingOrders: ordered.length,
      orders: ids.map((id) => byId.get(id)).filter((order): order is Order => order !== undefined),
    };
  }

  /**
   * Records what came of a call about an order on its country's call list (the next working day; not deleted,
   * not external), replacing the last status, in the order's audit trail. Null clears it.
   */
  async setCallStatus(input: SetCallStatusInput): Promise<Order> {
    const viewer = this.ctx.viewer;
    // A staff member's own act: an application's key (no scope opens it anyway) is refused.
    if (viewer?.role !== Role.ADMIN || viewer.adminId === null) throw new AppError(CommonError.FORBIDDEN);
    const status = input.status ?? null;
    const note = normalizeCallNote(input.note);
    if (status === null && note !== null) {
      throw new AppError(CommonError.BAD_USER_INPUT, {
        fields: [{ field: 'note', message: 'CALL_NOTE_WITHOUT_STATUS' }],
      });
    }
    return this.ctx.em.transactional(async (em) => {
      // Locked: two dispatchers on the same row record one after the other, each event with the true "before".
      const order = await new OrderRepository(em).activeForChange(input.orderId, {
        deleted: (deleted) =>
          new AppError(OrderError.ORDER_DELETED, {
            message: 'CALL_ORDER_DELETED',
            params: { reference: deleted.referenceNumber },
          }),
      });
      const zone = TIME_ZONE[order.country];
      const listDate = await nextWorkingDay(em, order.country, localDateOf(this.ctx.services.clock.now(), zone));
      const callDate = callDateOf(order);
      if (callDate !== listDate || order.externalCompany !== null) {
        throw new AppError(CallListError.CALL_ORDER_NOT_LISTED, {
          params: { reference: order.referenceNumber, day: formatDayMonthYear(listDate) },
        });
      }
      const stored = await em.findOne(OrderCall, { order: order.id });
      const current = stored && stored.callDate === callDate ? stored : null;
      const before = callValues(current);
      const after = status === null ? callValues(null) : callValues({ status, note });
      const change = changedValues(before, after);
      // The same status and note again changes nothing and records nothing.
      if (Object.keys(change.after).length === 0) return order;
      if (status === null) {
        if (stored) em.remove(stored);
      } else {
        const admin = await em.findOneOrFail(Admin, viewer.adminId);
        const values = { callDate, status, note, setAt: this.ctx.services.clock.now(), setByAdminId: admin.id };
        if (stored) Object.assign(stored, values, { setByName: fullName(admin) });
        else em.create(OrderCall, { order, ...values, setByName: fullName(admin) });
      }
      await recordOrderEvents(this.ctx, em, OrderEventKind.CALL_STATUS_SET, [{ order, ...change }]);
      await em.flush();
      return order;
    });
  }
}
