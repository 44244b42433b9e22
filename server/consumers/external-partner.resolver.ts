import { FieldResolver, Resolver, Root } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { Order } from '../orders/index.js';
import { externalPartnerOf } from './contact-details.js';

/** The external company of an order by name, from the companies the consumer pages name (their one home). */
@Resolver(() => Order)
export class OrderExternalPartnerResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description: 'The name of the external company that handles the visit; null when we make the visit ourselves.',
  })
  @RequireRole(Role.ADMIN)
  externalPartner(@Root() order: Order): string | null {
    return externalPartnerOf(order.externalCompany);
  }
}
