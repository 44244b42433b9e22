import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Order, ORDER_RELATION_FILTERS } from '../orders/index.js';

/** What a text message from a consumer did. */
export enum InboundSmsAction {
  /** "1": recorded as "I am at home", as from the page. */
  AT_HOME = 'AT_HOME',
  /** "2": recorded as "call me", as from the page. */
  CALL_ME = 'CALL_ME',
  /** "3": answered with the personal link, where the visit is moved. */
  MOVE = 'MOVE',
  /** STOP and its kin: no more SMS to the number. */
  STOP = 'STOP',
  /** START: SMS to the number again. */
  START = 'START',
  /** Anything else, or an answer without a visit to match: one helpful answer. */
  HELP = 'HELP',
  /** Anything else after that day's helpful answer: no answer, so two automatic repliers never talk in a loop. */
  QUIET = 'QUIET',
}

/**
 * A text message a consumer sent to our number, once per message of the provider (its id: the provider retries a
 * delivery it thinks failed). The sender is kept as a keyed hash only, for the one helpful answer a day.
 */
@Entity({ tableName: 'inbound_sms' })
@Index({ name: 'inbound_sms_sender_idx', properties: ['senderHash', 'receivedAt'] })
export class InboundSms {
  /** Twilio's MessageSid. */
  @PrimaryKey({ type: 'string', length: 34 })
  messageSid!: string;

  /** HMAC-SHA256 of the sending number, base64url. */
  @Property({ type: 'string', length: 43 })
  senderHash!: string;

  @Property({ type: 'datetime' })
  receivedAt!: Date;

  /** The visit the message answered, when it was matched to one. */
  @ManyToOne(() => Order, { nullable: true, filters: ORDER_RELATION_FILTERS, deleteRule: 'cascade' })
  order!: Order | null;

  @Property({ type: 'string', length: 20 })
  action!: InboundSmsAction;
}
