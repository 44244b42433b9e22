import { Country } from '../common/locale.js';
import { externalPartnerOf } from '../consumers/contact-details.js';
import type { Order } from '../orders/index.js';
import type { ConsumerReply, VisitAnswer } from '../replies/consumer-reply.entity.js';
import type { VisitOutcome, VisitStage, VisitStatusView } from './visit-status.entity.js';
import type { ScheduleOrder } from './visit.types.js';

/**
 * The columns of a `ScheduleOrder` (order `o`, reply `r`, status `s`), so that the planner and the
 * visit day read an order, its reply and its status in the one statement that finds the orders.
 */
export const SCHEDULE_ORDER_COLUMNS = `
  o.id, o.appointment, o.duration, o.name, o.zipcode, o.house_number, o.street, o.house_number_addition, o.city, o.country, o.phone,
  o.external_company, o.special,
  r.answer as reply_answer, r.access_note as reply_access_note,
  r.created_at as reply_created_at, r.updated_at as reply_updated_at,
  s.stage as status_stage, s.expected_arrival as status_expected_arrival, s.on_the_way_at as status_on_the_way_at,
  s.arrived_at as status_arrived_at, s.finished_at as status_finished_at, s.outcome as status_outcome,
  s.note as status_note, s.updated_at as status_updated_at`;

/** Joins the reply and the status of the orders `o`. */
export const SCHEDULE_ORDER_JOINS = `
  left join consumer_replies r on r.order_id = o.id
  left join visit_statuses s on s.order_id = o.id`;

type Instant = Date | string;

/** A row with `SCHEDULE_ORDER_COLUMNS`: all null when a left join found no order. */
export interface ScheduleOrderRow {
  id: number | null;
  appointment: Instant | null;
  duration: number | null;
  name: string | null;
  zipcode: string | null;
  house_number: number | null;
  street: string | null;
  house_number_addition: string | null;
  city: string | null;
  country: Country | null;
  phone: string | null;
  external_company: number | null;
  special: boolean | null;
  reply_answer: VisitAnswer | null;
  reply_access_note: string | null;
  reply_created_at: Instant | null;
  reply_updated_at: Instant | null;
  status_stage: VisitStage | null;
  status_expected_arrival: Instant | null;
  status_on_the_way_at: Instant | null;
  status_arrived_at: Instant | null;
  status_finished_at: Instant | null;
  status_outcome: VisitOutcome | null;
  status_note: string | null;
  status_updated_at: Instant | null;
}

type ScheduleReply = Pick<ConsumerReply, 'answer' | 'accessNote' | 'createdAt' | 'updatedAt'>;
type ScheduleOrderFields = Pick<
  Order,
  | 'id'
  | 'appointment'
  | 'duration'
  | 'name'
  | 'zipcode'
  | 'houseNumber'
  | 'street'
  | 'houseNumberAddition'
  | 'city'
  | 'country'
  | 'phone'
  | 'externalCompany'
  | 'special'
>;

const dateOrNull = (value: Instant | null) => (value === null ? null : new Date(value));

export function toScheduleOrder(
  order: ScheduleOrderFields,
  reply: ScheduleReply | null,
  status: VisitStatusView | null,
): ScheduleOrder {
  return {
    id: order.id,
    appointment: order.appointment,
    duration: order.duration,
    name: order.name,
    zipcode: order.zipcode,
    houseNumber: order.houseNumber,
    street: order.street,
    houseNumberAddition: order.houseNumberAddition,
    city: order.city,
    country: order.country,
    phone: order.phone,
    externalPartner: externalPartnerOf(order.externalCompany),
    special: order.special,
    reply,
    status,
  };
}

function replyOfRow(row: ScheduleOrderRow): ScheduleReply | null {
  if (row.reply_created_at === null) return null;
  return {
    answer: row.reply_answer,
    accessNote: row.reply_access_note,
    createdAt: new Date(row.reply_created_at),
    updatedAt: new Date(row.reply_updated_at!),
  };
}

function statusOfRow(row: ScheduleOrderRow): VisitStatusView | null {
  if (row.status_stage === null) return null;
  return {
    stage: row.status_stage,
    expectedArrival: dateOrNull(row.status_expected_arrival),
    onTheWayAt: dateOrNull(row.status_on_the_way_at),
    arrivedAt: dateOrNull(row.status_arrived_at),
    finishedAt: dateOrNull(row.status_finished_at),
    outcome: row.status_outcome,
    note: row.status_note,
    updatedAt: new Date(row.status_updated_at!),
  };
}

/** The order of a row, or null for the row of a day without orders. */
export function scheduleOrderOfRow(row: ScheduleOrderRow): ScheduleOrder | null {
  if (row.id === null) return null;
  return toScheduleOrder(
    {
      id: row.id,
      appointment: new Date(row.appointment!),
      duration: row.duration!,
      name: row.name!,
      zipcode: row.zipcode!,
      houseNumber: row.house_number!,
      street: row.street,
      houseNumberAddition: row.house_number_addition,
      city: row.city!,
      country: row.country!,
      phone: row.phone!,
      externalCompany: row.external_company,
      special: row.special === true,
    },
    replyOfRow(row),
    statusOfRow(row),
  );
}

/** The fields of a `ScheduleOrder` a list of the day shows without reply or status. */
export const PLAIN_SCHEDULE_ORDER_FIELDS = [
  'id',
  'appointment',
  'duration',
  'name',
  'zipcode',
  'city',
  'special',
] as const;
type PlainField = (typeof PLAIN_SCHEDULE_ORDER_FIELDS)[number];

/** The order's own fields of a `ScheduleOrder`. */
export type PlainScheduleOrder = Pick<ScheduleOrder, PlainField>;

/** The columns of a `PlainScheduleOrder` (order `o`), read without joining the reply and the status. */
export const PLAIN_SCHEDULE_ORDER_COLUMNS = 'o.id, o.appointment, o.duration, o.name, o.zipcode, o.city, o.special';

/** A row with `PLAIN_SCHEDULE_ORDER_COLUMNS`. */
export type PlainScheduleOrderRow = Pick<ScheduleOrderRow, PlainField>;

/** The plain order of a row, or null for the row of a day without orders. */
export function plainScheduleOrderOfRow(row: PlainScheduleOrderRow): PlainScheduleOrder | null {
  if (row.id === null) return null;
  return {
    id: row.id,
    appointment: new Date(row.appointment!),
    duration: row.duration!,
    name: row.name!,
    zipcode: row.zipcode!,
    city: row.city!,
    special: row.special === true,
  };
}
