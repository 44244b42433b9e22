import { Arg, Args, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { RequireRole, RequireRoleForAll } from '../common/auth/require-role.js';
import { ApiScope, RequireScope } from '../common/auth/scope.js';
import { PageArgs, type Connection } from '../common/pagination.js';
import type { AppContext } from '../context.js';
import { Order } from './order.entity.js';
import { CreateOrderInput, OrderFilterInput, OrderSortInput, ReassignOrderInput } from './order.inputs.js';
import { OrderService } from './order.service.js';
import { OrderConnection } from './order.types.js';
import { OFFICE, PLANNING } from '../common/auth/role.js';

@Resolver(() => Order)
@RequireRoleForAll(...OFFICE)
export class OrderResolver {
  @Query(() => OrderConnection, {
    description:
      'Orders page by page: found by a search, filtered, sorted (by appointment then id unless `sort` says otherwise); `after` continues from a previous page.',
  })
  @RequireScope(ApiScope.ORDERS_READ)
  orders(
    @Ctx() ctx: AppContext,
    @Args(() => PageArgs) page: PageArgs,
    @Arg('filter', () => OrderFilterInput, { nullable: true }) filter?: OrderFilterInput,
    @Arg('sort', () => OrderSortInput, {
      nullable: true,
      description: 'The sort order; by appointment then id when omitted.',
    })
    sort?: OrderSortInput,
  ): Promise<Connection<Order>> {
    return new OrderService(ctx).list(filter, page, sort);
  }

  @Query(() => Order, { description: 'The order with this reference number, deleted or not; ORDER_NOT_FOUND if none.' })
  @RequireScope(ApiScope.ORDERS_READ)
  orderByReference(@Ctx() ctx: AppContext, @Arg('referenceNumber') referenceNumber: string): Promise<Order> {
    return new OrderService(ctx).byReference(referenceNumber);
  }

  @Mutation(() => Order, { description: 'Creates an order.' })
  @RequireRole(...PLANNING)
  @RequireScope(ApiScope.ORDERS_WRITE)
  createOrder(@Ctx() ctx: AppContext, @Arg('input', () => CreateOrderInput) input: CreateOrderInput): Promise<Order> {
    return new OrderService(ctx).create(input);
  }

  @Mutation(() => Order, {
    description: 'Gives an active order another technician (not one whose schedule of that date is confirmed).',
  })
  @RequireRole(...PLANNING)
  @RequireScope(ApiScope.ORDERS_WRITE)
  reassignOrder(
    @Ctx() ctx: AppContext,
    @Arg('input', () => ReassignOrderInput) input: ReassignOrderInput,
  ): Promise<Order> {
    return new OrderService(ctx).reassign(input);
  }

  @Mutation(() => Order, {
    description: 'Deletes an order: it stays visible with the date and admin of deletion, and cannot be changed again.',
  })
  @RequireRole(...PLANNING)
  @RequireScope(ApiScope.ORDERS_WRITE)
  deleteOrder(@Ctx() ctx: AppContext, @Arg('id', () => Int) id: number): Promise<Order> {
    return new OrderService(ctx).delete(id);
  }

  @Mutation(() => Order, {
    description:
      'Restores a deleted order: refused (ORDER_NOT_RESTORABLE, SCHEDULE_CONFIRMED) when its day is past, its ' +
      'technician confirmed that day, or its technician was deleted.',
  })
  @RequireRole(...PLANNING)
  @RequireScope(ApiScope.ORDERS_WRITE)
  restoreOrder(@Ctx() ctx: AppContext, @Arg('id', () => Int) id: number): Promise<Order> {
    return new OrderService(ctx).restore(id);
  }

  @FieldResolver(() => Boolean, {
    description:
      "Whether the order's technician confirmed the schedule of the order's date: orders there can no longer be " +
      'added (reassign, reschedule, restore), so an undo is not offered. One query per order: for one order at a time.',
  })
  dayConfirmed(@Ctx() ctx: AppContext, @Root() order: Order): Promise<boolean> {
    return new OrderService(ctx).dayConfirmed(order);
  }
}
