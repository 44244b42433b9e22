import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, OneToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { CALL_NOTE_MAX_LENGTH } from '../../shared/call-list.js';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Order, ORDER_RELATION_FILTERS } from '../orders/index.js';
import { OFFICE } from '../common/auth/role.js';

/** What came of the dispatcher's call to the customer (the values of shared/call-list.ts). */
export enum CallStatus {
  REACHED = 'REACHED',
  NO_ANSWER = 'NO_ANSWER',
  VOICEMAIL = 'VOICEMAIL',
  WRONG_NUMBER = 'WRONG_NUMBER',
}

registerEnumType(CallStatus, {
  name: 'CallStatus',
  description: 'What came of a call from the call list.',
  valuesConfig: {
    REACHED: { description: '"Bereikt" / "Joint": the customer heard the window. Done.' },
    NO_ANSWER: { description: '"Geen gehoor" / "Pas de réponse": try again.' },
    VOICEMAIL: { description: '"Voicemail" / "Messagerie": a message was left; try again if there is time.' },
    WRONG_NUMBER: {
      description: '"Verkeerd nummer" / "Mauvais numéro": the number does not reach the customer. Done.',
    },
  },
});

/**
 * The dispatcher's last call about one order's visit day: one row per order, replaced by the next status. Every
 * change is also in the order's audit trail; this row is what the call list shows and sorts by. It belongs to the
 * day it was made for: after a reschedule the list of the new day starts without it.
 */
@ObjectType({ description: 'The last call from the call list about an order: its status, note, who and when.' })
@Entity({ tableName: 'order_calls' })
@RequireRoleForAll(...OFFICE)
export class OrderCall {
  [OptionalProps]?: 'note' | 'setByAdminId';

  @PrimaryKey()
  id!: number;

  @OneToOne(() => Order, { filters: ORDER_RELATION_FILTERS, owner: true, deleteRule: 'cascade' })
  order!: Order;

  /** The visit day (in the order's country) whose call list the call was made from, YYYY-MM-DD. */
  @Property({ type: 'date' })
  callDate!: string;

  @Field(() => CallStatus, { description: 'What came of the call.' })
  @Enum({ items: () => CallStatus, nativeEnumName: 'call_status' })
  status!: CallStatus;

  @Field(() => String, {
    nullable: true,
    description: `The dispatcher's note, plain text on one line, at most ${CALL_NOTE_MAX_LENGTH} characters.`,
  })
  @Property({ type: 'string', length: CALL_NOTE_MAX_LENGTH, nullable: true })
  note: string | null = null;

  @Field({ description: 'When the status was set.' })
  @Property({ type: 'datetime' })
  setAt!: Date;

  /** The admin who set it; no foreign key, as in the audit trail: removing an account keeps the row readable. */
  @Property({ type: 'integer', nullable: true })
  setByAdminId: number | null = null;

  @Field({ description: 'The admin who set it, by name as it was then.' })
  @Property({ length: 201 })
  setByName!: string;
}
