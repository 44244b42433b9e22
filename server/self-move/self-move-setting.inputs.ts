import { Field, InputType, Int } from 'type-graphql';
import { Country } from '../common/locale.js';
import { MOVE_CAPACITY, MOVE_DAYS_AHEAD } from '../../shared/self-move.js';

@InputType({ description: "A country's self-service settings, all at once." })
export class SelfMoveSettingInput {
  @Field(() => Country, { description: 'The country to change.' })
  country!: Country;

  @Field({ description: 'Consumers may move their visit themselves.' })
  enabled!: boolean;

  @Field(() => Int, { description: `Days ahead the offers reach, ${MOVE_DAYS_AHEAD.min} to ${MOVE_DAYS_AHEAD.max}.` })
  daysAhead!: number;

  @Field(() => Int, { description: `Visits per technician and day, ${MOVE_CAPACITY.min} to ${MOVE_CAPACITY.max}.` })
  capacityPerDay!: number;
}
