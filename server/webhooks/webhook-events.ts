import { OrderEventKind } from '../audit/index.js';
import type { WebhookEventType } from '../../shared/webhook-events.js';

/*
 * Which webhook events each change of the order trail fires. The trail is where every change of an order is
 * recorded, whatever path made it (console, API, legacy REST, CSV import, the consumer's move, the technician's
 * phone), so an event is fired once per change. A kind left out (a message resent) changes nothing of the order.
 */
const ORDER_KIND_EVENTS: Partial<Record<OrderEventKind, readonly WebhookEventType[]>> = {
  [OrderEventKind.CREATED]: ['order.created'],
  [OrderEventKind.IMPORT_CREATED]: ['order.created'],
  [OrderEventKind.IMPORT_UPDATED]: ['order.updated'],
  [OrderEventKind.ADDRESS_CHANGED]: ['order.updated'],
  [OrderEventKind.START_CONFIRMED]: ['order.updated'],
  [OrderEventKind.CALL_STATUS_SET]: ['order.updated'],
  [OrderEventKind.CONSUMER_REPLIED]: ['order.updated'],
  [OrderEventKind.CONSUMER_LANGUAGE_CHOSEN]: ['order.updated'],
  [OrderEventKind.VISIT_RECORD_SAVED]: ['order.updated'],
  [OrderEventKind.VISIT_PHOTO_ADDED]: ['order.updated'],
  [OrderEventKind.VISIT_PHOTO_REMOVED]: ['order.updated'],
  [OrderEventKind.VISIT_SIGNED]: ['order.updated'],
  [OrderEventKind.RESCHEDULED]: ['order.rescheduled'],
  [OrderEventKind.CONSUMER_MOVE_UNDONE]: ['order.rescheduled'],
  [OrderEventKind.REASSIGNED]: ['order.reassigned'],
  [OrderEventKind.MIGRATED]: ['order.reassigned'],
  [OrderEventKind.TECHNICIAN_DELETED]: ['order.reassigned'],
  [OrderEventKind.DELETED]: ['order.deleted'],
  [OrderEventKind.RESTORED]: ['order.restored'],
  [OrderEventKind.VISIT_ON_THE_WAY]: ['visit.status_changed'],
  [OrderEventKind.VISIT_ARRIVED]: ['visit.status_changed'],
  [OrderEventKind.VISIT_STEP_BACK]: ['visit.status_changed'],
  [OrderEventKind.VISIT_FINISHED]: ['visit.status_changed', 'visit.finished'],
  [OrderEventKind.CONSUMER_RATED]: ['rating.created'],
};

type Values = Record<string, unknown> | null;

/**
 * The events of one trail entry. A move that also changed the technician is a reassignment too, and a move of
 * orders to another technician's day that changed their times a reschedule too.
 */
export function eventsOfOrderChange(kind: string, after: Values): WebhookEventType[] {
  const events = [...(ORDER_KIND_EVENTS[kind as OrderEventKind] ?? [])];
  const changed = (field: string) => after !== null && field in after;
  if (events.includes('order.rescheduled') && changed('technician')) events.push('order.reassigned');
  if (kind === String(OrderEventKind.MIGRATED) && changed('appointment')) events.push('order.rescheduled');
  return events;
}
