import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Enum, OneToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { VISIT_NOTE_MAX_LENGTH } from '../../shared/visits.js';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { OFFICE_ROLES, Role } from '../common/auth/role.js';
import { Order, ORDER_RELATION_FILTERS } from '../orders/index.js';

/** Where the technician is with a visit. Without a status row the visit is planned. */
export enum VisitStage {
  ON_THE_WAY = 'ON_THE_WAY',
  ARRIVED = 'ARRIVED',
  FINISHED = 'FINISHED',
}

registerEnumType(VisitStage, {
  name: 'VisitStage',
  description: 'Where the technician is with a visit; a visit without a status is planned.',
  valuesConfig: {
    ON_THE_WAY: { description: 'The technician is on the way, with an expected arrival.' },
    ARRIVED: { description: 'The technician is at the address.' },
    FINISHED: { description: 'The visit is over, with an outcome.' },
  },
});

/** How a finished visit ended. */
export enum VisitOutcome {
  REPAIRED = 'REPAIRED',
  FOLLOW_UP_PARTS = 'FOLLOW_UP_PARTS',
  NOT_HOME = 'NOT_HOME',
  NOT_DONE = 'NOT_DONE',
}

registerEnumType(VisitOutcome, {
  name: 'VisitOutcome',
  description: 'How a finished visit ended.',
  valuesConfig: {
    REPAIRED: { description: 'Repaired.' },
    FOLLOW_UP_PARTS: { description: 'A follow-up visit is needed, parts are ordered.' },
    NOT_HOME: { description: 'Nobody was at home.' },
    NOT_DONE: { description: 'The repair could not be done for another reason (see the note).' },
  },
});

const SEEN_BY: [Role, ...Role[]] = [Role.TECHNICIAN, ...OFFICE_ROLES];

/**
 * The technician's status of one visit on the visit day: one row per order, moved forward by the
 * technician and one step back by an undo (docs/decisions.md, Visit statuses). A visit stepped back
 * to planned has no row.
 */
@ObjectType({
  description: 'Where the technician is with a visit on the visit day. Seen by the technician (own orders) and admins.',
})
@Entity({ tableName: 'visit_statuses' })
@Check({
  name: 'visit_statuses_outcome_when_finished',
  expression: `("stage" = 'FINISHED') = ("outcome" is not null)`,
})
@RequireRoleForAll(...SEEN_BY)
export class VisitStatus {
  [OptionalProps]?: 'expectedArrival' | 'onTheWayAt' | 'arrivedAt' | 'finishedAt' | 'outcome' | 'note';

  @PrimaryKey()
  id!: number;

  @OneToOne(() => Order, { filters: ORDER_RELATION_FILTERS, owner: true, deleteRule: 'cascade' })
  order!: Order;

  @Field(() => VisitStage, { description: 'The current stage.' })
  @Enum({ items: () => VisitStage, nativeEnumName: 'visit_stage' })
  stage!: VisitStage;

  /** The stage before the last forward step (null: planned): where an undo goes back to. */
  @Enum({ items: () => VisitStage, nativeEnumName: 'visit_stage', nullable: true })
  previousStage: VisitStage | null = null;

  /** True after an undo, until the next forward step: an undo undoes a tap, never a whole morning. */
  @Property()
  steppedBack: boolean = false;

  @Field(() => Date, {
    nullable: true,
    description: "The technician's own estimate of the arrival, given with ON_THE_WAY; kept by later stages.",
  })
  @Property({ type: 'datetime', nullable: true })
  expectedArrival: Date | null = null;

  @Field(() => Date, { nullable: true, description: 'When the technician set out (the last ON_THE_WAY).' })
  @Property({ type: 'datetime', nullable: true })
  onTheWayAt: Date | null = null;

  @Field(() => Date, { nullable: true, description: 'When the technician arrived.' })
  @Property({ type: 'datetime', nullable: true })
  arrivedAt: Date | null = null;

  @Field(() => Date, { nullable: true, description: 'When the visit was finished.' })
  @Property({ type: 'datetime', nullable: true })
  finishedAt: Date | null = null;

  @Field(() => VisitOutcome, { nullable: true, description: 'How the visit ended; set with FINISHED.' })
  @Enum({ items: () => VisitOutcome, nativeEnumName: 'visit_outcome', nullable: true })
  outcome: VisitOutcome | null = null;

  @Field(() => String, {
    nullable: true,
    description: `The technician's note with FINISHED, plain text, at most ${VISIT_NOTE_MAX_LENGTH} characters.`,
  })
  @Property({ length: VISIT_NOTE_MAX_LENGTH, nullable: true })
  note: string | null = null;

  @Field({ description: 'When the status last changed.' })
  @Property({ type: 'datetime' })
  updatedAt!: Date;
}

/** What a visit status shows: the GraphQL fields of `VisitStatus`. */
export type VisitStatusView = Pick<
  VisitStatus,
  'stage' | 'expectedArrival' | 'onTheWayAt' | 'arrivedAt' | 'finishedAt' | 'outcome' | 'note' | 'updatedAt'
>;
