import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { AppContext } from '../context.js';
import { RequireRole, RequireRoleForAll } from '../common/auth/require-role.js';
import { OFFICE, Role } from '../common/auth/role.js';
import { Admin } from './admin.entity.js';
import { AdminInput } from './admin.inputs.js';
import { DeleteAdminPayload } from './admin.types.js';
import { AdminService } from './admin.service.js';

@Resolver(() => Admin)
@RequireRoleForAll(...OFFICE)
export class AdminResolver {
  @Query(() => Admin, { description: 'The signed-in admin.' })
  currentAdmin(@Ctx() ctx: AppContext): Promise<Admin> {
    return new AdminService(ctx).current();
  }

  @Query(() => [Admin], { description: 'Every admin, active and inactive, by name.' })
  @RequireRole(Role.ADMIN)
  admins(@Ctx() ctx: AppContext): Promise<Admin[]> {
    return new AdminService(ctx).list();
  }

  @Query(() => Admin, { description: 'One admin; NOT_FOUND when there is none with this id.' })
  @RequireRole(Role.ADMIN)
  admin(@Ctx() ctx: AppContext, @Arg('id', () => Int, { description: 'Database id.' }) id: number): Promise<Admin> {
    return new AdminService(ctx).get(id);
  }

  @Mutation(() => Admin, {
    description:
      'Creates an admin without a password (it sets one through the reset mail). Taken e-mail: ADMIN_EMAIL_TAKEN.',
  })
  @RequireRole(Role.ADMIN)
  createAdmin(@Ctx() ctx: AppContext, @Arg('input') input: AdminInput): Promise<Admin> {
    return new AdminService(ctx).create(input);
  }

  @Mutation(() => Admin, {
    description:
      'Edits an admin. Deactivating ends its sessions; deactivating oneself (OWN_ACCOUNT) or the last active admin (LAST_ACTIVE_ADMIN) is refused.',
  })
  @RequireRole(Role.ADMIN)
  updateAdmin(
    @Ctx() ctx: AppContext,
    @Arg('id', () => Int, { description: 'Database id.' }) id: number,
    @Arg('input') input: AdminInput,
  ): Promise<Admin> {
    return new AdminService(ctx).update(id, input);
  }

  @Mutation(() => DeleteAdminPayload, {
    description:
      'Deletes an admin permanently. Deleting oneself (OWN_ACCOUNT) or the last active admin (LAST_ACTIVE_ADMIN) is refused.',
  })
  @RequireRole(Role.ADMIN)
  async deleteAdmin(
    @Ctx() ctx: AppContext,
    @Arg('id', () => Int, { description: 'Database id.' }) id: number,
  ): Promise<DeleteAdminPayload> {
    return { id: await new AdminService(ctx).delete(id) };
  }
}
