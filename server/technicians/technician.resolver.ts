import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { AppContext } from '../context.js';
import { RequireRole, RequireRoleForAll } from '../common/auth/require-role.js';
import { OFFICE, Role } from '../common/auth/role.js';
import { Technician } from './technician.entity.js';
import { CreateTechnicianInput, UpdateTechnicianInput } from './technician.inputs.js';
import { TechnicianService } from './technician.service.js';

@Resolver(() => Technician)
@RequireRoleForAll(...OFFICE)
export class TechnicianResolver {
  @Query(() => [Technician], {
    description: 'Technicians by name; with `search`, those whose name, e-mail or personal number contains it.',
  })
  technicians(
    @Ctx() ctx: AppContext,
    @Arg('search', () => String, { nullable: true, description: 'Part of a name, e-mail or personal number.' })
    search?: string,
  ): Promise<Technician[]> {
    return new TechnicianService(ctx).list(search);
  }

  @Query(() => Technician, { description: 'One technician; NOT_FOUND when there is none with this id.' })
  technician(
    @Ctx() ctx: AppContext,
    @Arg('id', () => Int, { description: 'Database id.' }) id: number,
  ): Promise<Technician> {
    return new TechnicianService(ctx).get(id);
  }

  @Mutation(() => Technician, {
    description:
      'Creates a technician without a password; follow with requestTechnicianPasswordReset so it can set one. Taken e-mail or personal number: TECHNICIAN_ALREADY_EXISTS.',
  })
  @RequireRole(Role.ADMIN)
  createTechnician(@Ctx() ctx: AppContext, @Arg('input') input: CreateTechnicianInput): Promise<Technician> {
    return new TechnicianService(ctx).create(input);
  }

  @Mutation(() => Technician, { description: 'Edits a technician; the personal number stays as it is.' })
  @RequireRole(Role.ADMIN)
  updateTechnician(
    @Ctx() ctx: AppContext,
    @Arg('id', () => Int, { description: 'Database id.' }) id: number,
    @Arg('input') input: UpdateTechnicianInput,
  ): Promise<Technician> {
    return new TechnicianService(ctx).update(id, input);
  }
}
