import { Field, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';

@ObjectType({ description: 'A day and window the visit can move to, with room for it.' })
@RequireRoleForAll(Role.CONSUMER)
export class MoveOffer {
  @Field({ description: "The local date, YYYY-MM-DD, in the order's country." })
  date!: string;

  @Field({ description: 'Start of the window; give it to `moveVisit` to take this offer.' })
  appointment!: Date;

  @Field({ description: 'End of the window (three hours after the start).' })
  end!: Date;

  @Field({ description: 'The visit keeps its technician; false: another technician working near the address.' })
  sameTechnician!: boolean;
}

@ObjectType({ description: 'What the consumer can move the visit to; none: "call me" is the way.' })
@RequireRoleForAll(Role.CONSUMER)
export class VisitMoveOffers {
  @Field({ description: "Self-service is on for the order's country; off: no offers, the consumer asks for a call." })
  enabled!: boolean;

  @Field(() => [MoveOffer], {
    description: 'At most 12: the same technician on other days first, then another technician near the address.',
  })
  offers!: MoveOffer[];
}

@ObjectType({ description: 'Where the visit stands after a move or its undo.' })
@RequireRoleForAll(Role.CONSUMER)
export class VisitMoved {
  @Field({ description: 'The reference number of the visit.' })
  referenceNumber!: string;

  @Field({ description: "The local date, YYYY-MM-DD, in the order's country." })
  date!: string;

  @Field({ description: 'Start of the window.' })
  appointment!: Date;

  @Field({ description: 'End of the window.' })
  end!: Date;

  @Field(() => Date, {
    nullable: true,
    description: 'Until when `undoVisitMove` takes the move back (server clock); null after an undo.',
  })
  undoableUntil!: Date | null;
}
