import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { RequireRole, RequireRoleForAll } from '../common/auth/require-role.js';
import { OFFICE, OFFICE_ROLES, Role } from '../common/auth/role.js';
import { VisitOutcome } from '../visits/visit-status.entity.js';

/** Where a visit is, as the consumer's page and the office's board follow it. */
export enum VisitProgressStage {
  PLANNED = 'PLANNED',
  ON_THE_WAY = 'ON_THE_WAY',
  ARRIVED = 'ARRIVED',
  FINISHED = 'FINISHED',
}

registerEnumType(VisitProgressStage, {
  name: 'VisitProgressStage',
  description: 'Where a visit is: planned until the technician sets out, then on the way, arrived, finished.',
});

const EVERYONE: [Role, ...Role[]] = [Role.CONSUMER, Role.TECHNICIAN, ...OFFICE_ROLES];

@ObjectType({
  description:
    "The state of a visit on its day as its followers see it: the stage, the technician's own arrival estimate (never a location) and the outcome. The technician is named by the first name only.",
})
@RequireRoleForAll(...EVERYONE)
export class VisitProgress {
  @Field(() => Int, { description: 'The order id.' })
  @RequireRole(Role.TECHNICIAN, ...OFFICE_ROLES)
  orderId!: number;

  @Field({ description: 'The order reference number.' })
  referenceNumber!: string;

  @Field(() => VisitProgressStage, { description: 'Where the visit is.' })
  stage!: VisitProgressStage;

  @Field(() => Date, {
    nullable: true,
    description: "The technician's own estimate of the arrival, given when setting out; null while planned.",
  })
  expectedArrival!: Date | null;

  @Field(() => VisitOutcome, { nullable: true, description: 'How the visit ended; null until it is finished.' })
  outcome!: VisitOutcome | null;

  @Field(() => String, { nullable: true, description: "The technician's first name; null without a technician." })
  technicianFirstname!: string | null;

  @Field(() => Int, { nullable: true, description: 'The technician of the order.' })
  @RequireRole(...OFFICE)
  technicianId!: number | null;

  @Field(() => Date, { nullable: true, description: 'When the status last changed; null while planned.' })
  changedAt!: Date | null;
}
