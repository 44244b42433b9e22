import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Enum, OneToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { OFFICE_ROLES, Role } from '../common/auth/role.js';
import { Order, ORDER_RELATION_FILTERS } from '../orders/index.js';

/** The one-tap answers a consumer gives to a visit window. */
export enum VisitAnswer {
  AT_HOME = 'AT_HOME',
  CALL_ME = 'CALL_ME',
}

registerEnumType(VisitAnswer, {
  name: 'VisitAnswer',
  description: 'What the consumer answered to the visit window.',
  valuesConfig: {
    AT_HOME: { description: '"Ik ben thuis" / "Je serai présent": the consumer will be home.' },
    CALL_ME: { description: '"Ik kan niet, bel mij" / "Je ne peux pas, appelez-moi": the consumer cannot make it.' },
  },
});

const SEEN_BY: [Role, ...Role[]] = [Role.CONSUMER, Role.TECHNICIAN, ...OFFICE_ROLES];

/**
 * The consumer's reply to one order: an answer and/or an access note. One row per order, changed
 * in place until the visit starts. The note is stored HTML-escaped (docs/decisions.md, Calendar file and
 * consumer reply).
 */
@ObjectType({
  description:
    "The consumer's reply to a visit: an answer, an access note, or both. Seen by the consumer (own visits), the technician (own schedule) and admins.",
})
@Entity({ tableName: 'consumer_replies' })
@Check({ name: 'consumer_replies_not_empty', expression: '"answer" is not null or "access_note" is not null' })
@RequireRoleForAll(...SEEN_BY)
export class ConsumerReply {
  [OptionalProps]?: 'answer' | 'accessNote';

  @PrimaryKey()
  id!: number;

  @OneToOne(() => Order, { filters: ORDER_RELATION_FILTERS, owner: true, deleteRule: 'cascade' })
  order!: Order;

  @Field(() => VisitAnswer, { nullable: true, description: 'The one-tap answer; null when only a note was left.' })
  @Enum({ items: () => VisitAnswer, nativeEnumName: 'visit_answer', nullable: true })
  answer: VisitAnswer | null = null;

  @Field(() => String, {
    nullable: true,
    description:
      'Access note (floor, bell, parking), at most 300 characters of plain text, served HTML-escaped: `&`, `<`, `>`, `"` and `\'` arrive as `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&#39;`. Decode these five to show it as text; it is never markup.',
  })
  @Property({ length: 1800, nullable: true })
  accessNote: string | null = null;

  @Field({ description: 'When the consumer first replied.' })
  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Field({ description: 'When the consumer last changed the reply.' })
  @Property({ type: 'datetime' })
  updatedAt!: Date;
}
