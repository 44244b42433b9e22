import { Arg, Ctx, Int, Mutation, Resolver } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import type { AppContext } from '../context.js';
import { DeleteTechnicianPayload } from '../technicians/index.js';
import { TechnicianRemovalService } from './technician-removal.service.js';

@Resolver()
export class TechnicianRemovalResolver {
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
