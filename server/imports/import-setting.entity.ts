import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { OFFICE } from '../common/auth/role.js';

@ObjectType({
  description:
    'An import window: maps the planned time of an imported order to the visit window shown to the customer.',
})
@Entity({ tableName: 'import_settings' })
@RequireRoleForAll(...OFFICE)
export class ImportSetting {
  @Field(() => Int, { description: 'Database id.' })
  @PrimaryKey()
  id!: number;

  @Field({ description: "The planned times this rule matches: '<HH:MM', 'HH:MM/HH:MM' (half-open) or '>=HH:MM'." })
  @Property({ length: 16 })
  timeBetween!: string;

  @Field({ description: "The visit window given to matching orders, 'HH:MM/HH:MM'." })
  @Property({ length: 16 })
  timeTo!: string;
}
