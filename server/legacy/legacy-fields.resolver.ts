import { FieldResolver, Int, Resolver, Root } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { toLegacyFlag } from '../common/legacy-values.js';
import { LookUpVisitsPayload } from '../consumers/consumer-visit.types.js';
import { signOf } from '../consumers/visit-indication.js';
import { ScheduleOrder } from '../visits/visit.types.js';

/**
 * The legacy portal's numeric forms of boolean fields, kept for integrators written against them. The schema
 * speaks booleans; these translate, here only, and are marked deprecated with the field to use instead.
 */
@Resolver(() => LookUpVisitsPayload)
export class LookUpVisitsLegacyFieldsResolver {
  @FieldResolver(() => Int, {
    deprecationReason: 'Use `windowAvailable`.',
    description: '0 when the window can be shown (`windowAvailable`), 1 while it is still being prepared.',
  })
  sign(@Root() payload: LookUpVisitsPayload): number {
    return signOf(payload.windowAvailable);
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
