import { Field, InputType, Int } from 'type-graphql';
import {
  VISIT_EXPECTED_ARRIVAL_MAX_HOURS,
  VISIT_NOTE_MAX_LENGTH,
  VISIT_REQUEST_ID_MAX_LENGTH,
} from '../../shared/visits.js';
import { VisitOutcome, VisitStage } from './visit-status.entity.js';

const REQUEST_ID_DESCRIPTION = `An id the client makes once per tap (a UUID, at most ${VISIT_REQUEST_ID_MAX_LENGTH} characters) and sends again when it repeats the request: a request id already applied to the order changes nothing and answers the order as it is.`;

@InputType({ description: 'A forward step of a visit on the visit day: planned → ON_THE_WAY → ARRIVED → FINISHED.' })
export class SetVisitStatusInput {
  @Field(() => Int, { description: 'The order id.' })
  orderId!: number;

  @Field(() => VisitStage, {
    description:
      'The new stage: later than the current one (skipping is allowed), or ON_THE_WAY again to give a new expected arrival.',
  })
  stage!: VisitStage;

  @Field(() => Date, {
    nullable: true,
    description: `The technician's own estimate of the arrival; required with ON_THE_WAY (later than now and at most ${VISIT_EXPECTED_ARRIVAL_MAX_HOURS} hours ahead), refused with the other stages.`,
  })
  expectedArrival?: Date | null;

  @Field(() => VisitOutcome, {
    nullable: true,
    description: 'How the visit ended; required with FINISHED, refused otherwise.',
  })
  outcome?: VisitOutcome | null;

  @Field(() => String, {
    nullable: true,
    description: `A note with FINISHED, plain text, at most ${VISIT_NOTE_MAX_LENGTH} characters, trimmed (empty: no note); refused with the other stages.`,
  })
  note?: string | null;

  @Field({ description: REQUEST_ID_DESCRIPTION })
  requestId!: string;
}

@InputType({ description: 'One step back of a visit on the visit day, to correct a mis-tap.' })
export class UndoVisitStatusInput {
  @Field(() => Int, { description: 'The order id.' })
  orderId!: number;

  @Field({ description: REQUEST_ID_DESCRIPTION })
  requestId!: string;
}
