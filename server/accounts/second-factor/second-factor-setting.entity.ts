import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../../common/auth/require-role.js';
import { Role } from '../../common/auth/role.js';
import { Country } from '../../common/locale.js';

/**
 * Who must sign in with a second factor, per country (docs/rules.md, Staff accounts). An office account works for
 * both countries, so either country's rule binds it; a technician is bound by the rule of its own country.
 */
@Entity({ tableName: 'second_factor_settings' })
@ObjectType({ description: 'Who must sign in with a second factor, per country: one per country.' })
@RequireRoleForAll(Role.ADMIN)
export class SecondFactorSetting {
  /** The column is of the `country` enum type; a primary key cannot be declared as an @Enum. */
  @PrimaryKey({ type: 'string', columnType: 'country' })
  @Field(() => Country, { description: 'The country this rule is for.' })
  country!: Country;

  @Property({ default: false })
  @Field({
    description: 'Admins must use a second factor; office accounts see both countries, so either country binds them.',
  })
  adminsRequired: boolean = false;

  @Property({ default: false })
  @Field({ description: 'Dispatchers must use a second factor, as admins.' })
  dispatchersRequired: boolean = false;

  @Property({ default: false })
  @Field({ description: "This country's technicians must use a second factor." })
  techniciansRequired: boolean = false;
}
