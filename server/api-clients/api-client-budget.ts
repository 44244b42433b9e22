import { HeaderMap, type ApolloServerPlugin, type GraphQLRequestListener } from '@apollo/server';
import type { DocumentNode, GraphQLSchema } from 'graphql';
import type { ApplicationCaller } from '../common/auth/viewer.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import type { AppContext, AppServices } from '../context.js';
import { spendUsage, usageOf } from './repository/api-client.repository.js';

/** The budgets' window: a fixed minute, the same on every instance (they count in one row per application). */
const WINDOW_SECONDS = 60;

/** What a call to an application's budgets leaves: the IETF headers, and the refusal when a budget is spent. */
export interface BudgetOutcome {
  /** `RateLimit-Policy` and `RateLimit` (draft-ietf-httpapi-ratelimit-headers), for every answer to the key. */
  headers: Record<string, string>;
  /** RATE_LIMITED with `retryAfterSeconds`, to answer 429 with `Retry-After`; undefined when the call may run. */
  refusal?: AppError;
}

/**
 * Counts one call of `cost` against the application's budgets of this minute, in PostgreSQL so every instance
 * shares them. Only calls with the application's valid key come here, so nobody else spends its budget; a call
 * that would exceed either budget is refused and not counted.
 */
export async function spendApplicationBudget(
  services: Pick<AppServices, 'plainStatements' | 'clock'>,
  application: ApplicationCaller,
  cost: number,
): Promise<BudgetOutcome> {
  const now = services.clock.now().getTime();
  const windowStart = new Date(Math.floor(now / (WINDOW_SECONDS * 1000)) * WINDOW_SECONDS * 1000);
  const resetSeconds = Math.max(1, Math.ceil((windowStart.getTime() + WINDOW_SECONDS * 1000 - now) / 1000));
  const { id, requestBudget, costBudget } = application;
  const roundedCost = Math.max(0, Math.ceil(cost));
  const spent = await spendUsage(services, { id, windowStart, cost: roundedCost, requestBudget, costBudget });
  const usage = spent ?? (await usageOf(services, id, windowStart));
  const headers = {
    'RateLimit-Policy': `"requests";q=${requestBudget};w=${WINDOW_SECONDS}, "cost";q=${costBudget};w=${WINDOW_SECONDS}`,
    RateLimit:
      `"requests";r=${Math.max(0, requestBudget - usage.requests)};t=${resetSeconds}, ` +
      `"cost";r=${Math.max(0, costBudget - usage.cost)};t=${resetSeconds}`,
  };
  if (spent) return { headers };
  // A call costing more than the whole budget can never run: it waits for nothing but is refused all the same.
  const refusal = new AppError(CommonError.RATE_LIMITED, {
    message: 'API_BUDGET_SPENT',
    params: { seconds: resetSeconds },
    data: { retryAfterSeconds: resetSeconds },
  });
  return { headers, refusal };
}

/**
 * For calls to /graphql with an application's key: counts the operation against the budgets once it is known (after
 * validation, with the cost the cost limit weighs), writes the `RateLimit` headers on the answer, refuses a spent
 * budget with 429 and `Retry-After`, and states the cost in `extensions.cost`. The REST shim counts its calls itself
 * (`spendApplicationBudget`), as it runs its operations without an HTTP request of Apollo's.
 */
export function applicationBudgetPlugin(
  costOf: (schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined) => number,
): ApolloServerPlugin<AppContext> {
  return {
    async requestDidStart({ contextValue, request }): Promise<GraphQLRequestListener<AppContext> | void> {
      const application = contextValue.viewer?.application;
      if (!application || !request.http) return;
      let cost: number | undefined;
      let counted = false;
      return {
        async didResolveOperation({ schema, document, operationName, response, contextValue: context }) {
          cost = costOf(schema, document, operationName);
          counted = true;
          const outcome = await spendApplicationBudget(context.services, application, cost);
          for (const [name, value] of Object.entries(outcome.headers)) response.http.headers.set(name, value);
          if (outcome.refusal) {
            const seconds = String(outcome.refusal.extensions.retryAfterSeconds);
            outcome.refusal.extensions.http = { status: 429, headers: new HeaderMap([['retry-after', seconds]]) };
            throw outcome.refusal;
          }
        },
        async willSendResponse({ response, contextValue: context }) {
          // An answer refused before its operation was known (not parsed, not valid, over a limit) is a call too:
          // it counts as a request of no cost, and states the budgets like every other answer to the key.
          if (!counted) {
            counted = true;
            const outcome = await spendApplicationBudget(context.services, application, 0);
            for (const [name, value] of Object.entries(outcome.headers)) response.http.headers.set(name, value);
          }
          if (cost === undefined || response.body.kind !== 'single') return;
          response.body.singleResult.extensions = { ...response.body.singleResult.extensions, cost };
        },
      };
    },
  };
}
