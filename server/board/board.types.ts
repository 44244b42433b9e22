import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { Country } from '../common/locale.js';
import { LocalDateScalar } from '../common/time/date-scalars.js';
import { VisitProgressStage } from '../live/visit-progress.types.js';
import { VisitOutcome } from '../visits/visit-status.entity.js';

/** Why the board marks a visit late (docs/rules.md, Late visits). */
export enum VisitLateness {
  ON_THE_WAY_PAST_WINDOW = 'ON_THE_WAY_PAST_WINDOW',
  NOT_ON_THE_WAY = 'NOT_ON_THE_WAY',
}

registerEnumType(VisitLateness, {
  name: 'VisitLateness',
  description: 'Why a visit of today is late.',
  valuesConfig: {
    ON_THE_WAY_PAST_WINDOW: { description: 'The technician is still on the way after the window ended.' },
    NOT_ON_THE_WAY: { description: 'The technician has not set out 30 minutes before the window ends.' },
  },
});

@ObjectType({ description: "One visit on the office's board of today." })
export class BoardVisit {
  @Field(() => Int, { description: 'The order id.' })
  @RequireRole(Role.ADMIN)
  orderId!: number;

  @Field({ description: 'The order reference number.' })
  @RequireRole(Role.ADMIN)
  referenceNumber!: string;

  @Field({ description: 'The start of the visit window.' })
  @RequireRole(Role.ADMIN)
  appointment!: Date;

  @Field({ description: 'The end of the visit window.' })
  @RequireRole(Role.ADMIN)
  end!: Date;

  @Field({ description: 'The place of the visit.' })
  @RequireRole(Role.ADMIN)
  city!: string;

  @Field(() => VisitProgressStage, { description: 'Where the visit is.' })
  @RequireRole(Role.ADMIN)
  stage!: VisitProgressStage;

  @Field(() => Date, { nullable: true, description: "The technician's own arrival estimate; null before setting out." })
  @RequireRole(Role.ADMIN)
  expectedArrival!: Date | null;

  @Field(() => VisitOutcome, { nullable: true, description: 'How the visit ended; null until finished.' })
  @RequireRole(Role.ADMIN)
  outcome!: VisitOutcome | null;

  @Field(() => VisitLateness, {
    nullable: true,
    description: 'Why the visit is late at `VisitBoard.now`; null when it is not. The board re-checks on its clock.',
  })
  @RequireRole(Role.ADMIN)
  lateness!: VisitLateness | null;
}

@ObjectType({ description: "A technician's visits of today, in the order of their windows." })
export class BoardTechnician {
  @Field(() => Int, { nullable: true, description: 'The technician id; null for the visits without a technician.' })
  @RequireRole(Role.ADMIN)
  technicianId!: number | null;

  @Field(() => String, { nullable: true, description: "The technician's full name; null without a technician." })
  @RequireRole(Role.ADMIN)
  name!: string | null;

  @Field(() => [BoardVisit], { description: 'The visits, earliest window first.' })
  @RequireRole(Role.ADMIN)
  visits!: BoardVisit[];
}

@ObjectType({ description: "The office's board: every active visit of today in one country, per technician." })
export class VisitBoard {
  @Field(() => Country, { description: 'The country of the board.' })
  @RequireRole(Role.ADMIN)
  country!: Country;

  @Field(() => LocalDateScalar, { description: "Today in the country's zone." })
  @RequireRole(Role.ADMIN)
  date!: string;

  @Field({ description: "The server's time of this answer: the board counts lateness from it." })
  @RequireRole(Role.ADMIN)
  now!: Date;

  @Field(() => [BoardTechnician], { description: 'Per technician (by name; the visits without one last).' })
  @RequireRole(Role.ADMIN)
  technicians!: BoardTechnician[];

  @Field({ description: 'True when the day has more visits than one board shows (the first ones are shown).' })
  @RequireRole(Role.ADMIN)
  truncated!: boolean;
}
