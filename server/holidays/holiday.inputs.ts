import { Field, InputType } from 'type-graphql';
import { Country } from '../common/locale.js';

@InputType({ description: 'A new holiday.' })
export class CreateHolidayInput {
  @Field(() => Country, { description: 'The country the holiday applies to.' })
  country!: Country;

  @Field(() => String, { description: 'The calendar date, YYYY-MM-DD.' })
  date!: string;

  @Field(() => Boolean, {
    nullable: true,
    defaultValue: false,
    description:
      'Save even when active orders fall on the date (list them first with `activeOrdersOnDate`). ' +
      'Without it such a date is refused with HOLIDAY_HAS_ORDERS (`extensions.orderCount`).',
  })
  saveDespiteOrders?: boolean | null;
}
