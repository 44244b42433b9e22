import { FieldResolver, Resolver, Root } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { Order } from '../orders/index.js';
import { externalPartnerOf } from './contact-details.js';
import { OFFICE } from '../common/auth/role.js';

/** The external company of an order by name, from the companies the consumer pages name (their one home). */
@Resolver(() => Order)
export class OrderExternalPartnerResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description: 'The name of the external company that handles the visit; null when we make the visit ourselves.',
  })
  @RequireRole(...OFFICE)
  externalPartner(@Root() order: Order): string | null {
    return externalPartnerOf(order.externalCompany);
  }
}
