import { Field, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { OFFICE } from '../common/auth/role.js';

@ObjectType({ description: 'When and by whom an order was deleted. Legacy REST shows it as `{date, admin}`.' })
@RequireRoleForAll(...OFFICE)
export class OrderDeletion {
  @Field({ description: 'When the order was deleted.' })
  date!: Date;

  @Field({ description: 'Name of the admin who deleted it, as it was at that moment.' })
  admin!: string;
}
