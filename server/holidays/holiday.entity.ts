import { Entity, Enum, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Country } from '../common/locale.js';
import { LocalDateScalar } from '../common/time/date-scalars.js';
import { OFFICE } from '../common/auth/role.js';

@ObjectType({ description: 'A public holiday: not a working day in its country.' })
@Entity({ tableName: 'holidays' })
@Unique({ name: 'holidays_country_date_unique', properties: ['country', 'date'] })
@RequireRoleForAll(...OFFICE)
export class Holiday {
  @Field(() => Int, { description: 'Database id.' })
  @PrimaryKey()
  id!: number;

  @Field(() => Country, { description: 'The country the holiday applies to.' })
  @Enum({ items: () => Country, nativeEnumName: 'country' })
  country!: Country;

  @Field(() => LocalDateScalar, { description: 'The calendar date, YYYY-MM-DD.' })
  @Property({ type: 'date' })
  date!: string;
}
