import { Check, Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { Country } from '../common/locale.js';
import { RETENTION_MONTHS } from '../../shared/data-requests.js';

/** How long a country's orders keep the person's data, and who erases it (docs/rules.md, Personal data). */
@Entity({ tableName: 'data_request_settings' })
@Check({
  name: 'data_request_settings_retention_months_check',
  expression: `"retention_months" >= ${RETENTION_MONTHS.min} and "retention_months" <= ${RETENTION_MONTHS.max}`,
})
@ObjectType({
  description: "How long a country's orders keep the customer's data, and who erases it: one per country.",
})
@RequireRoleForAll(Role.ADMIN)
export class DataRequestSetting {
  /** The column is of the `country` enum type; a primary key cannot be declared as an @Enum. */
  @PrimaryKey({ type: 'string', columnType: 'country' })
  @Field(() => Country, { description: 'The country these settings are for.' })
  country!: Country;

  @Property({ type: 'smallint', default: RETENTION_MONTHS.default })
  @Field(() => Int, {
    description: `Months after the visit that an order keeps the customer's data (${RETENTION_MONTHS.min} to ${RETENTION_MONTHS.max}); then it is anonymised.`,
  })
  retentionMonths: number = RETENTION_MONTHS.default;

  @Property({ default: false })
  @Field({ description: "An erase of this country's orders waits for a second admin to confirm it." })
  eraseNeedsTwoAdmins: boolean = false;
}
