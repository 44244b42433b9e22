import { Arg, Args, Ctx, Int, Query, Resolver } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { OFFICE } from '../common/auth/role.js';
import { ApiScope, RequireScope } from '../common/auth/scope.js';
import { connectionType, PageArgs, type Connection } from '../common/pagination.js';
import type { AppContext } from '../context.js';
import { OrderEvent } from '../audit/order-event.entity.js';
import { OrderHistoryService } from './order-history.service.js';

export const OrderEventConnection = connectionType(OrderEvent, OFFICE);

@Resolver(() => OrderEvent)
export class OrderHistoryResolver {
  @Query(() => OrderEventConnection, {
    description:
      'The audit trail of an order, newest first: every change with its time, actor and values before and after. ' +
      '`after` continues from a previous page; ORDER_NOT_FOUND for an unknown order.',
  })
  @RequireRole(...OFFICE)
  @RequireScope(ApiScope.ORDERS_READ)
  orderHistory(
    @Ctx() ctx: AppContext,
    @Arg('orderId', () => Int, { description: 'The order (its `id`).' }) orderId: number,
    @Args(() => PageArgs) page: PageArgs,
  ): Promise<Connection<OrderEvent>> {
    return new OrderHistoryService(ctx).history(orderId, page);
  }
}
