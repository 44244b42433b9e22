import { Field, Int, ObjectType } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';

@ObjectType({ description: 'An admin was deleted.' })
export class DeleteAdminPayload {
  @Field(() => Int, { description: 'Database id of the deleted admin.' })
  @RequireRole(Role.ADMIN)
  id!: number;
}
