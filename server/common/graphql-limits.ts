import { ApolloArmor } from '@escape.tech/graphql-armor';

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
  maxCost: 5000,
} as const;

export function graphqlArmor() {
  return new ApolloArmor({
    maxDepth: { n: GRAPHQL_LIMITS.maxDepth, ignoreIntrospection: true, exposeLimits: true },
    maxAliases: { n: GRAPHQL_LIMITS.maxAliases, exposeLimits: true },
    // graphql-js enforces the token limit while parsing (parseOptions in app.ts): a refused document then
    // gets the ordinary 400 GRAPHQL_PARSE_FAILED, where armor's plugin would answer 500 to any syntax error.
    maxTokens: { enabled: false },
    maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives, exposeLimits: true },
    costLimit: { maxCost: GRAPHQL_LIMITS.maxCost, ignoreIntrospection: true, exposeLimits: true },
    blockFieldSuggestion: { enabled: true },
  }).protect();
}
