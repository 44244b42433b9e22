import { OperationTypeNode } from 'graphql';
import { externalHandlingOf } from '../common/auth/tokens.js';
import { AppError } from '../common/errors/app-error.js';
import type { DirectRootField } from '../common/http/graphql-direct-plan.js';
import { TIME_ZONE } from '../common/locale.js';
import type { AppContext } from '../context.js';
import { localDayOf } from '../../shared/zoned-time.js';
import { lookedUpOrdersOf, lookedUpOrdersSql } from '../orders/index.js';
import { ConsumerError } from './consumer.errors.js';
import { LookUpVisitsInput } from './consumer.inputs.js';
import type { LookUpVisitsPayload } from './consumer-visit.types.js';
import { lookupKeyOf, type LookupKey } from './lookup-key.js';
import { isWindowAvailable } from './visit-indication.js';

// The consumer's lookup, from input to answer: the one door open to anyone, and the busiest call of the evening.
// Every way in runs `lookUpVisits`: the GraphQL resolver, the GraphQL endpoint's direct path (`lookUpVisitsField`)
// and the legacy REST call.

/** More visits at one address than anyone has; keeps the data token small. */
const MAX_VISITS = 20;

/**
 * Finds the visits at an address (or phone number) today or later and signs a data token for them. Rate-limited per
 * client address and per looked-up address (shared by all server processes through PostgreSQL). A found and an
 * unknown address cost the same work (one statement, the holidays from memory, one token signature; the site visit
 * is written after the answer), so response times do not tell whether an address exists.
 */
export async function lookUpVisits(ctx: AppContext, input: LookUpVisitsInput): Promise<LookUpVisitsPayload> {
  const { services } = ctx;
  const country = input.country ?? ctx.country;
  let key: LookupKey;
  try {
    key = lookupKeyOf(country, input);
  } catch (error) {
    // Unreadable input still costs the client an attempt, as a readable one does.
    await services.rateLimiter.consume('LOOKUP_PER_CLIENT', ctx.clientKey);
    throw error;
  }
  const now = services.clock.now();
  // One statement, one round trip: the limits are counted (the address only while the client is within its limit)
  // and the orders read; plain rows, no entities. The orders are read even when a limit refuses, so a refusal takes
  // as long as an answer.
  const limits = services.rateLimiter.counting([
    { name: 'LOOKUP_PER_CLIENT', key: ctx.clientKey },
    { name: 'LOOKUP_PER_ADDRESS', key: key.rateLimitKey },
  ]);
  const found = lookedUpOrdersSql(key.where, country, localDayOf(now, TIME_ZONE[country]).start, MAX_VISITS);
  // On the pool, not the request's entity manager: the lookup reads plain rows, and no fork is made. Lookups that
  // arrive together share the statement (consumers/repository/lookup-statements.ts).
  const row = await services.lookupStatements.run(limits, found);
  limits.judge(row.limits);
  const { orders, additionNeeded } = lookedUpOrdersOf(row.orders);
  const nearest = orders.at(0);
  const windowAvailable = await isWindowAvailable(services.holidays, country, nearest?.appointment ?? now, now);
  const dataToken = services.tokens.signConsumer(
    orders.map((order) => order.id),
    externalHandlingOf(nearest),
  );
  if (additionNeeded) {
    // Visits at this number only with an addition: none of them is the consumer's to see before they say which.
    throw new AppError(ConsumerError.HOUSE_NUMBER_ADDITION_NEEDED, {
      fields: [{ field: 'houseNumber', message: 'HOUSE_NUMBER_ADDITION_NEEDED' }],
    });
  }
  if (!nearest) {
    throw new AppError(ConsumerError.NO_ORDERS_FOUND, {
      message: key.by === 'phone' ? 'NO_ORDERS_FOUND_BY_PHONE' : 'NO_ORDERS_FOUND',
    });
  }
  services.siteVisits.record(nearest.id, ctx.userAgent, now);
  return { dataToken, windowAvailable };
}

/** The lookup for input GraphQL has coerced (the direct path and the legacy call). */
export function lookUpVisitsDirectly(context: AppContext, args: Record<string, unknown>): Promise<LookUpVisitsPayload> {
  return lookUpVisits(context, Object.assign(new LookUpVisitsInput(), args.input));
}

/** `lookUpVisits` answered on the GraphQL endpoint before Apollo (common/http/graphql-direct.ts). */
export const lookUpVisitsField: DirectRootField = {
  operation: OperationTypeNode.MUTATION,
  field: 'lookUpVisits',
  resolve: lookUpVisitsDirectly,
};
