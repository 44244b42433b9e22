import { Check, Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Country } from '../common/locale.js';
import { MOVE_CAPACITY, MOVE_DAYS_AHEAD, MOVE_SETTING_DEFAULTS } from '../../shared/self-move.js';
import { OFFICE } from '../common/auth/role.js';

/** Whether and how a country's consumers move their visit themselves (docs/rules.md, Rescheduling an order). */
@Entity({ tableName: 'self_move_settings' })
@Check({
  name: 'self_move_settings_days_ahead_check',
  expression: `"days_ahead" >= ${MOVE_DAYS_AHEAD.min} and "days_ahead" <= ${MOVE_DAYS_AHEAD.max}`,
})
@Check({
  name: 'self_move_settings_capacity_check',
  expression: `"capacity_per_day" >= ${MOVE_CAPACITY.min} and "capacity_per_day" <= ${MOVE_CAPACITY.max}`,
})
@ObjectType({ description: "How a country's consumers move a visit from the personal link: one per country." })
@RequireRoleForAll(...OFFICE)
export class SelfMoveSetting {
  /** The column is of the `country` enum type; a primary key cannot be declared as an @Enum. */
  @PrimaryKey({ type: 'string', columnType: 'country' })
  @Field(() => Country, { description: 'The country these settings are for.' })
  country!: Country;

  @Property({ default: MOVE_SETTING_DEFAULTS.enabled })
  @Field({ description: 'Consumers may move their visit themselves (the default). Off: "I cannot" asks for a call.' })
  enabled: boolean = MOVE_SETTING_DEFAULTS.enabled;

  @Property({ type: 'smallint', default: MOVE_SETTING_DEFAULTS.daysAhead })
  @Field(() => Int, {
    description: `How many days ahead of today the offers reach (${MOVE_DAYS_AHEAD.min} to ${MOVE_DAYS_AHEAD.max}).`,
  })
  daysAhead: number = MOVE_SETTING_DEFAULTS.daysAhead;

  @Property({ type: 'smallint', default: MOVE_SETTING_DEFAULTS.capacityPerDay })
  @Field(() => Int, {
    description: `Visits a technician takes on a day; a fuller day is not offered (${MOVE_CAPACITY.min} to ${MOVE_CAPACITY.max}).`,
  })
  capacityPerDay: number = MOVE_SETTING_DEFAULTS.capacityPerDay;
}
