import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Country } from '../common/locale.js';
import { LocalDateScalar } from '../common/time/date-scalars.js';
import { VisitProgressStage } from '../live/visit-progress.types.js';
import { VisitOutcome } from '../visits/visit-status.entity.js';
import { OFFICE } from '../common/auth/role.js';

/** Why the board marks a visit late (docs/rules.md, Late visits: the one rule of shared/visit-lateness.ts). */
export enum VisitLateness {
  ARRIVED_LATE = 'ARRIVED_LATE',
  NOT_ARRIVED = 'NOT_ARRIVED',
}

registerEnumType(VisitLateness, {
  name: 'VisitLateness',
  description: 'Why a visit of today is late: the rule the office figures and the `arrival` filter count by.',
  valuesConfig: {
    ARRIVED_LATE: { description: 'The technician reached the address after the window ended.' },
    NOT_ARRIVED: { description: 'The window has ended and the technician has not reached the address.' },
  },
});

/** The consumer's answer to the window, as the board marks it. */
export enum BoardReply {
  CONFIRMED = 'CONFIRMED',
  CALL_ME = 'CALL_ME',
}

registerEnumType(BoardReply, {
  name: 'BoardReply',
  description: "The consumer's answer to the visit window on the visit page.",
  valuesConfig: {
    CONFIRMED: { description: 'The consumer confirmed being at home.' },
    CALL_ME: { description: 'The consumer cannot make it and asks to be called.' },
  },
});

@ObjectType({ description: "One visit on the office's board of today." })
@RequireRoleForAll(...OFFICE)
export class BoardVisit {
  @Field(() => Int, { description: 'The order id.' })
  orderId!: number;

  @Field({ description: 'The order reference number.' })
  referenceNumber!: string;

  @Field({ description: 'The start of the visit window.' })
  appointment!: Date;

  @Field({ description: 'The end of the visit window.' })
  end!: Date;

  @Field({ description: "The customer's name (personal data: the board is the office's alone)." })
  customerName!: string;

  @Field({ description: 'The place of the visit.' })
  city!: string;

  @Field(() => BoardReply, { nullable: true, description: "The consumer's answer to the window; null without one." })
  reply!: BoardReply | null;

  @Field(() => VisitProgressStage, { description: 'Where the visit is.' })
  stage!: VisitProgressStage;

  @Field(() => Date, { nullable: true, description: "The technician's own arrival estimate; null before setting out." })
  expectedArrival!: Date | null;

  @Field(() => VisitOutcome, { nullable: true, description: 'How the visit ended; null until finished.' })
  outcome!: VisitOutcome | null;

  @Field(() => Date, {
    nullable: true,
    description: 'When the technician reached the address ("Aangekomen", or "Afgerond" when that was skipped).',
  })
  reachedAt!: Date | null;

  @Field(() => VisitLateness, {
    nullable: true,
    description: 'Why the visit is late at `VisitBoard.now`; null when it is not. The board re-checks on its clock.',
  })
  lateness!: VisitLateness | null;

  @Field(() => Date, {
    nullable: true,
    description:
      "The arrival now expected when it lies past the window's end (the technician's own estimate, or the narrow time pushed by a visit running long): the consumer is told so once. Null while the window holds or once reached.",
  })
  expectedLate!: Date | null;

  @Field(() => Date, {
    nullable: true,
    description:
      "While the visit is not expected late yet but would be by waiting alone (the narrow time moves with the clock while the day waits for a status): the instant after which it is, on the server's clock. From then the expected arrival is the window's end plus the time passed since. Null when only a status can make it late, once expected late, or once reached. Read the board again after a change of the technician's day.",
  })
  expectedLateAfter!: Date | null;
}

@ObjectType({ description: "A technician's visits of today, in the order of their windows." })
@RequireRoleForAll(...OFFICE)
export class BoardTechnician {
  @Field(() => Int, { nullable: true, description: 'The technician id; null for the visits without a technician.' })
  technicianId!: number | null;

  @Field(() => String, { nullable: true, description: "The technician's full name; null without a technician." })
  name!: string | null;

  @Field(() => [BoardVisit], { description: 'The visits, earliest window first.' })
  visits!: BoardVisit[];
}

@ObjectType({ description: "The office's board: every active visit of today in one country, per technician." })
@RequireRoleForAll(...OFFICE)
export class VisitBoard {
  @Field(() => Country, { description: 'The country of the board.' })
  country!: Country;

  @Field(() => LocalDateScalar, { description: "Today in the country's zone." })
  date!: string;

  @Field({ description: "The server's time of this answer: the board counts lateness from it." })
  now!: Date;

  @Field(() => [BoardTechnician], { description: 'Per technician (by name; the visits without one last).' })
  technicians!: BoardTechnician[];

  @Field({ description: 'True when the day has more visits than one board shows (the first ones are shown).' })
  truncated!: boolean;
}
