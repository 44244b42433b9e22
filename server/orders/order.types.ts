import { Field, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { connectionType } from '../common/pagination.js';
import { Technician } from '../technicians/index.js';
import { Order } from './order.entity.js';

export const OrderConnection = connectionType(Order, [Role.ADMIN]);

@ObjectType({ description: 'The orders a migration moved, and the technician who now has them.' })
@RequireRoleForAll(Role.ADMIN)
export class MigrateOrdersPayload {
  @Field(() => [Order], { description: 'The moved orders, in id order.' })
  orders!: Order[];

  @Field(() => Technician, { description: 'The receiving technician.' })
  technician!: Technician;
}
