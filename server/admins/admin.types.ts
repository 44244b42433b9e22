import { Field, Int, ObjectType } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { OFFICE } from '../common/auth/role.js';

@ObjectType({ description: 'An admin was deleted.' })
export class DeleteAdminPayload {
  @Field(() => Int, { description: 'Database id of the deleted admin.' })
  @RequireRole(...OFFICE)
  id!: number;
}
