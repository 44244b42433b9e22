import { Field, InputType } from 'type-graphql';

@InputType({ description: 'The consumer takes one of the offers of `visitMoveOffers` for a visit of the data token.' })
export class MoveVisitInput {
  @Field({ description: 'The reference number of the visit, as `consumerVisits` lists it.' })
  referenceNumber!: string;

  @Field({ description: 'The `appointment` of the chosen offer; a window not offered is refused.' })
  appointment!: Date;
}
