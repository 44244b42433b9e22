import { Field, Int, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Order } from './order.entity.js';
import { OFFICE } from '../common/auth/role.js';

@ObjectType({
  description:
    'The orders a technician still has to visit (active, from today on in its country): what deleting it would leave ' +
    'without a technician unless they move first.',
})
@RequireRoleForAll(...OFFICE)
export class TechnicianOpenOrders {
  @Field(() => Int, { description: 'All of them.' })
  count!: number;

  @Field(() => [Order], { description: 'The first 50 by appointment; `count` says how many there are.' })
  orders!: Order[];
}
