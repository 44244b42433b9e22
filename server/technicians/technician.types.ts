import { Field, Int, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { OFFICE } from '../common/auth/role.js';

@ObjectType({ description: 'A technician was deleted.' })
@RequireRoleForAll(...OFFICE)
export class DeleteTechnicianPayload {
  @Field(() => Int, { description: 'Database id of the deleted technician.' })
  id!: number;

  @Field(() => Int, { description: 'How many active orders moved to the technician named in `moveOrdersTo`.' })
  movedOrders!: number;
}
