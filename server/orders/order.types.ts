import { Field, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { OFFICE } from '../common/auth/role.js';
import { connectionType } from '../common/pagination.js';
import { Technician } from '../technicians/index.js';
import { Order } from './order.entity.js';

export const OrderConnection = connectionType(Order, OFFICE);

@ObjectType({ description: 'The orders a migration moved, and the technician who now has them.' })
@RequireRoleForAll(...OFFICE)
export class MigrateOrdersPayload {
  @Field(() => [Order], { description: 'The moved orders, in id order.' })
  orders!: Order[];

  @Field(() => Technician, { description: 'The receiving technician.' })
  technician!: Technician;
}
