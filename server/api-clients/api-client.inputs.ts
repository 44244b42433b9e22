import { Field, InputType, Int } from 'type-graphql';
import { Country } from '../common/locale.js';

@InputType({ description: 'A new application.' })
export class CreateApiClientInput {
  @Field({ description: 'Its name, 1 to 100 characters.' })
  name!: string;

  @Field(() => [String], { description: 'One or more of orders:read, orders:write, visits:read, statistics:read.' })
  scopes!: string[];

  @Field(() => [Country], { description: 'NL, BE or both.' })
  countries!: Country[];

  @Field(() => Int, { nullable: true, description: 'Requests per minute, 1 to 10 000; 600 when omitted.' })
  requestBudget?: number | null;

  @Field(() => Int, { nullable: true, description: 'GraphQL cost per minute, 1 to 1 000 000; 20 000 when omitted.' })
  costBudget?: number | null;
}

@InputType({ description: 'A new key for an application; its current keys stay valid for the overlap.' })
export class RotateApiClientKeyInput {
  @Field(() => Int, { description: 'The application.' })
  id!: number;

  @Field(() => Int, {
    description: 'Hours the current keys stay valid, 0 to 168 (0: refused at once); 24 when omitted.',
    nullable: true,
  })
  overlapHours?: number | null;
}
