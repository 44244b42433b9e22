import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { AppContext } from '../context.js';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { Technician } from './technician.entity.js';
import { TechnicianService } from './technician.service.js';

@Resolver(() => Technician)
export class TechnicianResolver {
  @Query(() => [Technician], {
    description: 'Technicians by name; with `search`, those whose name, e-mail or personal number contains it.',
  })
  @RequireRole(Role.ADMIN)
  technicians(
    @Ctx() ctx: AppContext,
    @Arg('search', () => String, { nullable: true, description: 'Part of a name, e-mail or personal number.' })
    search?: string,
  ): Promise<Technician[]> {
    return new TechnicianService(ctx).list(search);
  }
}
