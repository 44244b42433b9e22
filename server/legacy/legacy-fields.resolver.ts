import { FieldResolver, Int, Resolver, Root } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { OFFICE, Role } from '../common/auth/role.js';
import { toLegacyFlag, toLegacySign } from './legacy-values.js';
import { LookUpVisitsPayload } from '../consumers/consumer-visit.types.js';
import { Order } from '../orders/index.js';
import { ScheduleOrder } from '../visits/visit.types.js';

/**
 * The legacy portal's numeric forms of fields (a boolean as 0/1, a company as its number), kept for integrators
 * written against them. The schema speaks booleans and names; these translate, here only, and are marked
 * deprecated with the field to use instead.
 */
@Resolver(() => LookUpVisitsPayload)
export class LookUpVisitsLegacyFieldsResolver {
  @FieldResolver(() => Int, {
    deprecationReason: 'Use `windowAvailable`.',
    description: '0 when the window can be shown (`windowAvailable`), 1 while it is still being prepared.',
  })
  sign(@Root() payload: LookUpVisitsPayload): number {
    return toLegacySign(payload.windowAvailable);
  }
}

@Resolver(() => Order)
export class OrderLegacyFieldsResolver {
  @FieldResolver(() => Int, {
    nullable: true,
    deprecationReason: 'Use `externalPartner`, the company by name.',
    description: 'Set (0 or 1) when an external company handles the visit; null when we do.',
  })
  @RequireRole(...OFFICE)
  externalCompany(@Root() order: Order): number | null {
    return order.externalCompany;
  }
}

@Resolver(() => ScheduleOrder)
export class ScheduleOrderLegacyFieldsResolver {
  @FieldResolver(() => Int, {
    deprecationReason: 'Use `special`.',
    description: '1 for a special order (`special`), else 0.',
  })
  @RequireRole(Role.TECHNICIAN)
  flag(@Root() order: ScheduleOrder): number {
    return toLegacyFlag(order.special);
  }
}
