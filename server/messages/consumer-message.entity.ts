import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { registerEnumType } from 'type-graphql';
import { Order, ORDER_RELATION_FILTERS } from '../orders/index.js';
import type { MessageFailureCode } from './message-failure.js';

/** What a message tells the consumer. */
export enum MessageKind {
  /** The visit window, at 13:30 on the working day before the visit (or at once when later). */
  WINDOW = 'WINDOW',
  /** The window or the day changed after the consumer was told. */
  UPDATE = 'UPDATE',
  /** The order was deleted after the consumer was told. */
  CANCELLATION = 'CANCELLATION',
  /** The technician set out, with the expected arrival: once per visit, by SMS. */
  ON_THE_WAY = 'ON_THE_WAY',
  /** The deleted order was restored after its cancellation was told: the window again. */
  RESTORED = 'RESTORED',
  /** The visit is finished: thanks, and the rating link. Once per visit, by mail (SMS without a mail address). */
  THANK_YOU = 'THANK_YOU',
  /**
   * The expected arrival passed the window's end: the new expected time and the personal link. Once per visit, by
   * SMS (mail without a mobile number).
   */
  RUNNING_LATE = 'RUNNING_LATE',
  /** The morning of the visit day, at the country's time: when to expect the technician, and the answers by SMS. */
  MORNING = 'MORNING',
  /**
   * The work report of a finished visit the technician recorded: what was done, the parts used, the note for the
   * consumer, the signature and the photos marked for the consumer. Once per visit, by mail (SMS without a mail address).
   */
  VISIT_REPORT = 'VISIT_REPORT',
}

/** The kinds that tell the visit's window; the others (a cancellation, "on the way") follow from one of them. */
export const WINDOW_KINDS: readonly MessageKind[] = [MessageKind.WINDOW, MessageKind.UPDATE, MessageKind.RESTORED];

export enum MessageChannel {
  EMAIL = 'EMAIL',
  SMS = 'SMS',
}

export enum MessageStatus {
  /** Written and waiting for its job (or for a retry). */
  QUEUED = 'QUEUED',
  SENT = 'SENT',
  /** Every try failed; `lastError` says why. */
  FAILED = 'FAILED',
  /** Not sent on purpose (the address unsubscribed, or messages were switched off meanwhile). */
  SKIPPED = 'SKIPPED',
}

registerEnumType(MessageKind, {
  name: 'MessageKind',
  description: 'What a consumer message tells.',
  valuesConfig: {
    WINDOW: { description: 'The visit window, at 13:30 on the working day before the visit (or at once when later).' },
    UPDATE: { description: 'The window or the day changed after the consumer was told.' },
    CANCELLATION: { description: 'The order was deleted after the consumer was told.' },
    ON_THE_WAY: {
      description: "The technician set out, with the technician's expected arrival: once per visit, by SMS only.",
    },
    RESTORED: {
      description: 'The deleted order was restored after its cancellation was told: its window is told again.',
    },
    THANK_YOU: {
      description:
        'The visit is finished (not for "nobody at home"): thanks, and a link that rates the visit. Once per visit, by mail, or by SMS when the order has no mail address.',
    },
    RUNNING_LATE: {
      description:
        "The expected arrival (the technician's own estimate, or the narrow time pushed by a visit running long) passed the window's end: the new expected time. Once per visit, by SMS, or by mail without a mobile number.",
    },
    MORNING: {
      description:
        'The morning of the visit day, at the time set per country: when to expect the technician, and the answers by SMS (1 at home, 2 call me, 3 another day). Once per visit day, by SMS only.',
    },
    VISIT_REPORT: {
      description:
        'The work report of a finished visit the technician recorded (not for "nobody at home"): the outcome, the appliance, the parts used, the note for the customer, the signature and the photos marked for the customer, with the report\'s link. Once per visit, by mail, or by SMS (the link only) when the order has no mail address; a record changed after it went sends nothing more.',
    },
  },
});
registerEnumType(MessageChannel, { name: 'MessageChannel', description: 'How a consumer message is sent.' });
registerEnumType(MessageStatus, {
  name: 'MessageStatus',
  description: 'Where a consumer message stands.',
  valuesConfig: {
    QUEUED: { description: 'Waiting for its job, or for a retry after a failed try.' },
    SENT: { description: 'Handed to the mail server or the SMS provider.' },
    FAILED: { description: 'Every try failed; `failureReason` says why.' },
    SKIPPED: { description: 'Not sent on purpose: the address unsubscribed, or messages were switched off.' },
  },
});

/**
 * One message to a consumer about one order, on one channel. Unique per (order, kind, window,
 * channel, cancellations told before): however many instances, retries and restarts try, the row is
 * written once, and its job (singleton key `consumer-message:<id>`) sends it once.
 */
@Entity({ tableName: 'consumer_messages' })
@Unique({
  name: 'consumer_messages_once',
  properties: ['order', 'kind', 'windowStart', 'windowSeconds', 'channel', 'cancellationsBefore'],
})
@Index({ name: 'consumer_messages_window_start_idx', properties: ['windowStart'] })
// The mails sent in a period, for the statistics' mail reads, by an index-only scan of the sent mails alone.
@Index({
  name: 'consumer_messages_mail_sent_idx',
  properties: ['sentAt'],
  include: ['order'],
  where: `"channel" = 'EMAIL' and "sent_at" is not null`,
})
// The claims that may have run out (their sender died), for the minute's look for messages to resume.
@Index({
  name: 'consumer_messages_claimed_idx',
  properties: ['claimedUntil'],
  where: `"status" = 'QUEUED' and "claimed_until" is not null`,
})
// The failed messages, newest first, for the office's log across orders (server/messages/failed-messages.service.ts).
@Index({
  name: 'consumer_messages_failed_idx',
  properties: ['failedAt', 'id'],
  where: `"status" = 'FAILED' and "failed_at" is not null`,
})
// The SMS sent to a number, for an answer by SMS to find its visit (TEXTED_ORDER_SQL) among a few rows.
@Index({
  name: 'consumer_messages_texted_idx',
  properties: ['recipient', 'windowStart'],
  where: `"channel" = 'SMS' and "status" = 'SENT'`,
})
export class ConsumerMessage {
  [OptionalProps]?:
    | 'status'
    | 'tries'
    | 'lastError'
    | 'failureCode'
    | 'sentAt'
    | 'failedAt'
    | 'purgedAt'
    | 'cancellationsBefore'
    | 'claimedUntil';

  @PrimaryKey()
  id!: number;

  @ManyToOne(() => Order, { filters: ORDER_RELATION_FILTERS, deleteRule: 'cascade' })
  order!: Order;

  @Property({ type: 'string', columnType: 'varchar(20)' })
  kind!: MessageKind;

  @Property({ type: 'string', columnType: 'varchar(10)' })
  channel!: MessageChannel;

  /** The window told: its start, and its length (0: the day only, its window is not shown yet). */
  @Property({ type: 'datetime' })
  windowStart!: Date;

  @Property()
  windowSeconds!: number;

  /**
   * The cancellations told on this channel before this message: each delete and restore of the order is a
   * round of its own, so a restore, a second delete and a second restore are each told once.
   */
  @Property({ type: 'smallint', default: 0 })
  cancellationsBefore: number = 0;

  /**
   * The e-mail address, or the mobile number in international form (+316…, +324…); null once purged,
   * a number of days after the visit (docs/rules.md, Consumer messages).
   */
  @Property({ type: 'string', length: 255, nullable: true })
  recipient!: string | null;

  @Property({ length: 2 })
  language!: string;

  @Property({ type: 'string', columnType: 'varchar(10)' })
  status: MessageStatus = MessageStatus.QUEUED;

  @Property()
  tries: number = 0;

  /** The provider's own words about the last failure or the skip, without personal data: the technical detail. */
  @Property({ length: 500, nullable: true })
  lastError: string | null = null;

  /** Why the last try failed or the message was skipped, as a code the admin's screen explains. */
  @Property({ type: 'string', columnType: 'varchar(40)', nullable: true })
  failureCode: MessageFailureCode | null = null;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  sentAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  failedAt: Date | null = null;

  /**
   * While a sender hands the message to its transport: until when its claim holds (database time). The send runs
   * outside any transaction; a claim that ran out without an outcome belonged to a sender that died, and the
   * message is sent again.
   */
  @Property({ type: 'datetime', nullable: true })
  claimedUntil: Date | null = null;

  /** When the address and the failure's reason were removed; the rest of the row stays for the figures. */
  @Property({ type: 'datetime', nullable: true })
  purgedAt: Date | null = null;
}
