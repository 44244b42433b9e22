import { ApiClientResolver } from './api-client.resolver.js';

export const apiClientResolvers = [ApiClientResolver] as const;

// An application's key as the caller of a request, and the rule of the countries it may write.
export { applicationOfKey, assertCountryAllowed } from './api-client.service.js';
// The defaults and bounds the integrators' documentation states.
export {
  DEFAULT_COST_BUDGET,
  DEFAULT_OVERLAP_HOURS,
  DEFAULT_REQUEST_BUDGET,
  MAX_OVERLAP_HOURS,
} from './api-client.service.js';
export { hashOfKey, looksLikeApplicationKey } from './api-client-keys.js';
// What each call with a key spends of its application's budgets, and idempotent writes (app.ts composes them).
export { applicationBudgetPlugin, spendApplicationBudget } from './api-client-budget.js';
export { idempotentWritesPlugin } from './idempotent-writes.js';
export { deleteExpiredApiClientRows } from './repository/api-client.repository.js';
