import { Field, ObjectType } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';

@ObjectType({ description: 'When and by whom an order was deleted. Legacy REST shows it as `{date, admin}`.' })
export class OrderDeletion {
  @Field({ description: 'When the order was deleted.' })
  @RequireRole(Role.ADMIN)
  date!: Date;

  @Field({ description: 'Name of the admin who deleted it, as it was at that moment.' })
  @RequireRole(Role.ADMIN)
  admin!: string;
}
