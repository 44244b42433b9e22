import { LocalDateResolver } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { Country } from '../common/locale.js';
import { Order } from '../orders/order.entity.js';

@ObjectType({
  description:
    'The evening-before call list: the orders of the next working day whose customer has not looked up the window by the chosen time.',
})
export class CallList {
  @Field(() => Country, { description: 'The country of the orders.' })
  @RequireRole(Role.ADMIN)
  country!: Country;

  @Field(() => LocalDateResolver, {
    description: "The visit day: the next working day after today in the country's zone.",
  })
  @RequireRole(Role.ADMIN)
  date!: string;

  @Field({ description: 'The zone the day and times are read in (Europe/Amsterdam, Europe/Brussels).' })
  @RequireRole(Role.ADMIN)
  timeZone!: string;

  @Field({ description: 'When the windows of that day are first shown: 13:30 on the working day before.' })
  @RequireRole(Role.ADMIN)
  windowShownFrom!: Date;

  @Field({ description: 'Lookups up to this instant count (the chosen time today, or now).' })
  @RequireRole(Role.ADMIN)
  cutoff!: Date;

  @Field(() => Int, {
    description: 'Orders of that day we make ourselves (not deleted, not external), informed or not.',
  })
  @RequireRole(Role.ADMIN)
  totalOrders!: number;

  @Field(() => [Order], {
    description: 'The orders whose customer has not seen the window between `windowShownFrom` and `cutoff`, by start.',
  })
  @RequireRole(Role.ADMIN)
  orders!: Order[];
}
