import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { ValidationRule } from 'graphql';
import { costLimitRule, type CostWeights } from './graphql-cost.js';

/**
 * Hostile-query limits for the one public GraphQL endpoint. Our client's largest operation stays far
 * below each of them; a query beyond one is refused before execution (GRAPHQL_PARSE_FAILED for tokens,
 * GRAPHQL_VALIDATION_FAILED for the others, with a message naming the limit).
 */
export const GRAPHQL_LIMITS = {
  maxDepth: 10,
  maxAliases: 15,
  maxTokens: 2000,
  maxDirectives: 20,
  /** The order list's page (25 rows with their stage, informed and reply marks, as Apollo asks it) costs about 5 300. */
  maxCost: 6000,
  /**
   * What each list or page read by a root field adds to the cost: four lists fit in one operation (the
   * client's largest asks two), fifteen aliases of `orders` do not. The instance's list share
   * (LIST_QUERIES_PER_INSTANCE) then bounds what several requests together take from the pool.
   */
  listQueryCost: 1000,
  /**
   * Root fields weighed as lists though they answer one object: the office's figures count a period of orders,
   * the mail reads a period of messages, the usage statistics a period of lookups, the visit board a day's visits
   * of a country with their technicians, an order's message log its messages with their tries, a leaving technician's
   * orders their count and first 50.
   */
  listRootFields: ['officeFigures', 'mailReads', 'statistics', 'visitBoard', 'orderMessages', 'technicianOpenOrders'],
} as const;

/** The weights of an operation's cost: its limit, and what an application's key spends of its cost budget. */
export const GRAPHQL_COST_WEIGHTS: CostWeights = {
  maxCost: GRAPHQL_LIMITS.maxCost,
  scalarCost: 1,
  objectCost: 2,
  depthCostFactor: 1.5,
  listQueryCost: GRAPHQL_LIMITS.listQueryCost,
  listRootFields: GRAPHQL_LIMITS.listRootFields,
};

export function graphqlArmor() {
  return new ApolloArmor({
    maxDepth: { n: GRAPHQL_LIMITS.maxDepth, ignoreIntrospection: true, exposeLimits: true },
    maxAliases: { n: GRAPHQL_LIMITS.maxAliases, exposeLimits: true },
    // graphql-js enforces the token limit while parsing (parseOptions in app.ts): a refused document then
    // gets the ordinary 400 GRAPHQL_PARSE_FAILED, where armor's plugin would answer 500 to any syntax error.
    maxTokens: { enabled: false },
    maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives, exposeLimits: true },
    // Our own rule below: armor's formula knows nothing of which fields read lists from the database.
    costLimit: { enabled: false },
    blockFieldSuggestion: { enabled: true },
  }).protect();
}

/** The validation rules of every operation: armor's and the cost limit. */
export function graphqlValidationRules(armor: ReturnType<typeof graphqlArmor>): ValidationRule[] {
  return [...armor.validationRules, costLimitRule(GRAPHQL_COST_WEIGHTS)];
}
