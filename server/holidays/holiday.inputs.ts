import { Field, InputType } from 'type-graphql';
import { Country } from '../common/locale.js';

@InputType({ description: 'A new holiday.' })
export class CreateHolidayInput {
  @Field(() => Country, { description: 'The country the holiday applies to.' })
  country!: Country;

  @Field(() => String, { description: 'The calendar date, YYYY-MM-DD.' })
  date!: string;
}
