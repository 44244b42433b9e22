import { Check, Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** The ways a consumer is told about a visit, each of which the consumer can stop on its own. */
export type MessageChannel = 'EMAIL' | 'SMS';

/**
 * An address that asked for no more messages on one channel. Only a keyed hash of the address is kept
 * (docs/decisions.md, Personal links): the table answers whether a given address unsubscribed, never
 * which addresses did.
 */
@Entity({ tableName: 'consumer_unsubscribes' })
@Check({ name: 'consumer_unsubscribes_channel_check', expression: `"channel" in ('EMAIL', 'SMS')` })
export class ConsumerUnsubscribe {
  /** `EMAIL` or `SMS` (a check constraint in the table). */
  @PrimaryKey({ type: 'string', length: 5 })
  channel!: MessageChannel;

  /** HMAC-SHA256 of the normalised address, base64url. */
  @PrimaryKey({ type: 'string', length: 43 })
  addressHash!: string;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}
