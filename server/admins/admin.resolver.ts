import { Ctx, Query, Resolver } from 'type-graphql';
import type { AppContext } from '../context.js';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { Admin } from './admin.entity.js';
import { AdminService } from './admin.service.js';

@Resolver(() => Admin)
export class AdminResolver {
  @Query(() => Admin, { description: 'The signed-in admin.' })
  @RequireRole(Role.ADMIN)
  currentAdmin(@Ctx() ctx: AppContext): Promise<Admin> {
    return new AdminService(ctx).current();
  }
}
