import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { AppContext } from '../context.js';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { LookUpVisitsInput } from './consumer.inputs.js';
import { ConsumerVisit, LookUpVisitsPayload } from './consumer-visit.type.js';
import { ConsumerService } from './consumer.service.js';

@Resolver()
export class ConsumerResolver {
  @Mutation(() => LookUpVisitsPayload, {
    description:
      'Public. Finds the visits at an address (NL: postcode + house number) or phone number (BE) today or later, nearest first, and returns a data token for them. NO_ORDERS_FOUND when there are none; RATE_LIMITED after too many attempts per client or per address.',
  })
  lookUpVisits(
    @Ctx() ctx: AppContext,
    @Arg('input', () => LookUpVisitsInput) input: LookUpVisitsInput,
  ): Promise<LookUpVisitsPayload> {
    return new ConsumerService(ctx).lookUp(input);
  }

  @Query(() => [ConsumerVisit], {
    description: 'The visits the data token was issued for, nearest first (deleted ones left out).',
  })
  @RequireRole(Role.CONSUMER)
  consumerVisits(@Ctx() ctx: AppContext): Promise<ConsumerVisit[]> {
    return new ConsumerService(ctx).visits();
  }
}
