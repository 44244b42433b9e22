import { Field, Int, ObjectType } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';

@ObjectType({ description: 'A technician was deleted.' })
export class DeleteTechnicianPayload {
  @Field(() => Int, { description: 'Database id of the deleted technician.' })
  @RequireRole(Role.ADMIN)
  id!: number;

  @Field(() => Int, { description: 'How many active orders moved to the technician named in `moveOrdersTo`.' })
  @RequireRole(Role.ADMIN)
  movedOrders!: number;
}
