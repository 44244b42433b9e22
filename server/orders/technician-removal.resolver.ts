import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { OFFICE, Role } from '../common/auth/role.js';
import type { AppContext } from '../context.js';
import { DeleteTechnicianPayload } from '../technicians/index.js';
import { TechnicianRemovalService } from './technician-removal.service.js';
import { TechnicianOpenOrders } from './technician-removal.types.js';

@Resolver()
export class TechnicianRemovalResolver {
  @Query(() => TechnicianOpenOrders, {
    description:
      'The orders the technician still has to visit, which `deleteTechnician` moves with `moveOrdersTo` (or refuses ' +
      'with TECHNICIAN_HAS_ORDERS): asked before the delete, so one question names them. NOT_FOUND for an unknown id.',
  })
  @RequireRole(...OFFICE)
  technicianOpenOrders(
    @Ctx() ctx: AppContext,
    @Arg('id', () => Int, { description: 'Database id.' }) id: number,
  ): Promise<TechnicianOpenOrders> {
    return new TechnicianRemovalService(ctx).openOrders(id);
  }

  @Mutation(() => DeleteTechnicianPayload, {
    description:
      'Deletes a technician permanently. While it has active orders from today on, TECHNICIAN_HAS_ORDERS lists them ' +
      '(`extensions.orderCount`, `extensions.orders`) and nothing changes, unless `moveOrdersTo` names a technician ' +
      'of the same country to move them to in the same transaction. Past and deleted orders keep no technician.',
  })
  @RequireRole(Role.ADMIN)
  deleteTechnician(
    @Ctx() ctx: AppContext,
    @Arg('id', () => Int, { description: 'Database id.' }) id: number,
    @Arg('moveOrdersTo', () => String, {
      nullable: true,
      description: 'The technician who takes over the active orders: database id or personal number (N-number).',
    })
    moveOrdersTo?: string | null,
  ): Promise<DeleteTechnicianPayload> {
    return new TechnicianRemovalService(ctx).delete(id, moveOrdersTo);
  }
}
