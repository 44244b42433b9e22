import { recordOrderEvents } from '../audit/order-audit.js';
import { OrderEventKind } from '../audit/order-event-kind.js';
import { changedValues, type OrderValues } from '../audit/order-values.js';
import { AppError } from '../common/errors/app-error.js';
import { readableCountries } from '../common/auth/viewer.js';
import { CommonError } from '../common/errors/common.errors.js';
import type { AppContext } from '../context.js';
import { checkOrderAddress } from './order-fields.js';
import { Order } from './order.entity.js';
import type { UpdateOrderAddressInput } from './order.inputs.js';
import { OrderRepository } from './repository/order.repository.js';

/**
 * The address as the history records it. Unlike a new order's values, an empty street or addition is written as
 * null: "Oudegracht → (none)" must read as a correction, not as a field that was never there.
 */
const addressValues = (order: Order): OrderValues => ({
  zipcode: order.zipcode,
  street: order.street,
  houseNumber: order.houseNumber,
  houseNumberAddition: order.houseNumberAddition,
  city: order.city,
});

/**
 * Correcting the visit address of an order (docs/rules.md, Correcting an address). The same rules as creating one;
 * the country stays, since it decides the technician, the zone and the postcode format.
 */
export class OrderAddressService {
  constructor(private readonly ctx: AppContext) {}

  update(input: UpdateOrderAddressInput): Promise<Order> {
    return this.ctx.em.transactional(async (em) => {
      // The technician comes along: the order page reads the corrected order back with its technician's name.
      const order = await new OrderRepository(em).activeForChange(input.orderId, {
        countries: readableCountries(this.ctx.viewer),
      });
      await em.populate(order, ['technician']);
      const { address, problems } = checkOrderAddress({ ...input, country: order.country });
      if (!address || problems.length > 0) {
        throw new AppError(CommonError.BAD_USER_INPUT, { message: 'ORDER_INVALID', fields: problems });
      }
      const before = addressValues(order);
      Object.assign(order, address);
      const change = changedValues(before, addressValues(order));
      // The same address again changes nothing and records nothing.
      if (Object.keys(change.after).length === 0) return order;
      order.updatedAt = this.ctx.services.clock.now();
      await recordOrderEvents(this.ctx, em, OrderEventKind.ADDRESS_CHANGED, [{ order, ...change }]);
      await em.flush();
      return order;
    });
  }
}
