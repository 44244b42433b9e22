import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { RequireRole, RequireRoleForAll } from '../common/auth/require-role.js';
import { OFFICE, Role } from '../common/auth/role.js';
import type { AppContext } from '../context.js';
import { Order } from './order.entity.js';
import { MigrateOrdersInput } from './order.inputs.js';
import { OrderMigrationService, type MigrationResult } from './order-migration.service.js';
import { MigrateOrdersPayload } from './order.types.js';

@Resolver()
@RequireRoleForAll(...OFFICE)
export class OrderMigrationResolver {
  @Query(() => [Order], {
    description: "A technician's active orders on one calendar day (in the technician's country), by appointment.",
  })
  technicianDayOrders(
    @Ctx() ctx: AppContext,
    @Arg('technician', { description: "The technician's database id or personal number (N-number)." })
    technician: string,
    @Arg('day', () => Date, { description: "Any instant of the day, e.g. its midnight in the technician's zone." })
    day: Date,
  ): Promise<Order[]> {
    return new OrderMigrationService(ctx).dayOrders(technician, day);
  }

  @Mutation(() => MigrateOrdersPayload, {
    description: 'Moves orders to another technician in one transaction: all of them, or on any problem none.',
  })
  @RequireRole(Role.ADMIN)
  migrateOrders(
    @Ctx() ctx: AppContext,
    @Arg('input', () => MigrateOrdersInput) input: MigrateOrdersInput,
  ): Promise<MigrationResult> {
    return new OrderMigrationService(ctx).migrate(input);
  }
}
