import { Check, Entity, OneToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { RATING_COMMENT_MAX_LENGTH, RATING_MAX, RATING_MIN } from '../../shared/ratings.js';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { OFFICE_ROLES, Role } from '../common/auth/role.js';
import { Order, ORDER_RELATION_FILTERS } from '../orders/index.js';

const SEEN_BY: [Role, ...Role[]] = [Role.CONSUMER, ...OFFICE_ROLES];

/**
 * The consumer's rating of a finished visit: one row per order, changed in place for a number of days after
 * the visit (docs/rules.md, Rating). Technicians do not read it: a comment next to the customer's name and
 * address would tell them who wrote it.
 */
@ObjectType({
  description:
    "The consumer's rating of a finished visit: a score of 1 to 5 and an optional comment. Seen by the consumer (own visits) and admins, never by technicians.",
})
@Entity({ tableName: 'visit_ratings' })
@Check({ name: 'visit_ratings_score_range', expression: `"score" >= ${RATING_MIN} and "score" <= ${RATING_MAX}` })
@RequireRoleForAll(...SEEN_BY)
export class VisitRating {
  @PrimaryKey()
  id!: number;

  @OneToOne(() => Order, { filters: ORDER_RELATION_FILTERS, owner: true, deleteRule: 'cascade' })
  order!: Order;

  @Field(() => Int, { description: `The score, ${RATING_MIN} (poor) to ${RATING_MAX} (excellent).` })
  @Property({ type: 'smallint' })
  score!: number;

  @Field(() => String, {
    nullable: true,
    description: `The consumer's comment, plain text (not escaped: show it as text), at most ${RATING_COMMENT_MAX_LENGTH} characters; null without one.`,
  })
  @Property({ length: RATING_COMMENT_MAX_LENGTH, nullable: true })
  comment: string | null = null;

  @Field({ description: 'When the consumer first rated the visit.' })
  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Field({ description: 'When the consumer last changed the rating.' })
  @Property({ type: 'datetime' })
  updatedAt!: Date;
}
