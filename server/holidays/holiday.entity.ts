import { Entity, Enum, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { Country } from '../common/locale.js';
import { LocalDateScalar } from '../common/time/date-scalars.js';

@ObjectType({ description: 'A public holiday: not a working day in its country.' })
@Entity({ tableName: 'holidays' })
@Unique({ name: 'holidays_country_date_unique', properties: ['country', 'date'] })
export class Holiday {
  @Field(() => Int, { description: 'Database id.' })
  @RequireRole(Role.ADMIN)
  @PrimaryKey()
  id!: number;

  @Field(() => Country, { description: 'The country the holiday applies to.' })
  @RequireRole(Role.ADMIN)
  @Enum({ items: () => Country, nativeEnumName: 'country' })
  country!: Country;

  @Field(() => LocalDateScalar, { description: 'The calendar date, YYYY-MM-DD.' })
  @RequireRole(Role.ADMIN)
  @Property({ type: 'date' })
  date!: string;
}
