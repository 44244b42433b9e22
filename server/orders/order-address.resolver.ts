import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { ApiScope, RequireScope } from '../common/auth/scope.js';
import type { AppContext } from '../context.js';
import { OrderAddressService } from './order-address.service.js';
import { Order } from './order.entity.js';
import { UpdateOrderAddressInput } from './order.inputs.js';
import { PLANNING } from '../common/auth/role.js';

@Resolver()
export class OrderAddressResolver {
  @Mutation(() => Order, {
    description:
      'Corrects the visit address (postcode, number, addition, street, city) of an active order, recorded in its ' +
      'history. ORDER_DELETED for a deleted order; BAD_USER_INPUT with `extensions.fields` for an invalid address.',
  })
  @RequireRole(...PLANNING)
  @RequireScope(ApiScope.ORDERS_WRITE)
  updateOrderAddress(
    @Ctx() ctx: AppContext,
    @Arg('input', () => UpdateOrderAddressInput) input: UpdateOrderAddressInput,
  ): Promise<Order> {
    return new OrderAddressService(ctx).update(input);
  }
}
