import type { OrderEventKind } from '../audit/index.js';
import type { WebhookEventType } from '../../shared/webhook-events.js';

/*
 * Which webhook events each change of the order trail fires. The trail is where every change of an order is
 * recorded, whatever path made it (console, API, legacy REST, CSV import, the consumer's move, the technician's
 * phone), so an event is fired once per change. A kind left out (a message resent) changes nothing of the order.
 */
type Kind = `${OrderEventKind}`;

/** By the trail's kinds' names, not the enum: the sender's thread loads this file with its types stripped. */
const ORDER_KIND_EVENTS: Partial<Record<Kind, readonly WebhookEventType[]>> = {
  CREATED: ['order.created'],
  IMPORT_CREATED: ['order.created'],
  IMPORT_UPDATED: ['order.updated'],
  ADDRESS_CHANGED: ['order.updated'],
  START_CONFIRMED: ['order.updated'],
  CALL_STATUS_SET: ['order.updated'],
  CONSUMER_REPLIED: ['order.updated'],
  CONSUMER_LANGUAGE_CHOSEN: ['order.updated'],
  VISIT_RECORD_SAVED: ['order.updated'],
  VISIT_PHOTO_ADDED: ['order.updated'],
  VISIT_PHOTO_REMOVED: ['order.updated'],
  VISIT_SIGNED: ['order.updated'],
  RESCHEDULED: ['order.rescheduled'],
  CONSUMER_MOVE_UNDONE: ['order.rescheduled'],
  REASSIGNED: ['order.reassigned'],
  MIGRATED: ['order.reassigned'],
  TECHNICIAN_DELETED: ['order.reassigned'],
  DELETED: ['order.deleted'],
  RESTORED: ['order.restored'],
  VISIT_ON_THE_WAY: ['visit.status_changed'],
  VISIT_ARRIVED: ['visit.status_changed'],
  VISIT_STEP_BACK: ['visit.status_changed'],
  VISIT_FINISHED: ['visit.status_changed', 'visit.finished'],
  CONSUMER_RATED: ['rating.created'],
};

type Values = Record<string, unknown> | null;

/**
 * The events of one trail entry. A move that also changed the technician is a reassignment too, and a move of
 * orders to another technician's day that changed their times a reschedule too.
 */
export function eventsOfOrderChange(kind: string, after: Values): WebhookEventType[] {
  const events = [...(ORDER_KIND_EVENTS[kind as Kind] ?? [])];
  const changed = (field: string) => after !== null && field in after;
  if (events.includes('order.rescheduled') && changed('technician')) events.push('order.reassigned');
  if (kind === ('MIGRATED' satisfies Kind) && changed('appointment')) events.push('order.rescheduled');
  return events;
}
