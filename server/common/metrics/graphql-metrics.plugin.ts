import type { ApolloServerPlugin } from '@apollo/server';
import { Kind, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import type { AppContext } from '../../context.js';
import type { AppMetrics } from './app-metrics.js';
import { labelGraphqlRequest } from './http-metrics.js';

/** The label of an operation that did not parse or validate: its fields may not exist. */
export const UNKNOWN_OPERATION = 'unknown';

function firstRootField(selections: SelectionSetNode): string | undefined {
  for (const selection of selections.selections) {
    if (selection.kind === Kind.FIELD) return selection.name.value;
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      const inner = firstRootField(selection.selectionSet);
      if (inner) return inner;
    }
  }
  return undefined;
}

/**
 * An operation is named by its first root field (`lookUpVisits`), not by the operation name the
 * client chose: the schema bounds the one, anybody can send any number of the other. Only validated
 * operations are read, so every name is a field of the schema. Fields behind a named fragment at the
 * root count as unknown (none of our documents does that).
 */
export function operationLabel(operation: OperationDefinitionNode | undefined): string {
  return (operation && firstRootField(operation.selectionSet)) ?? UNKNOWN_OPERATION;
}

/** Error codes are ours and Apollo's; the pattern keeps anything else out of the label. */
export const outcomeOf = (code: unknown): string =>
  typeof code === 'string' && /^[A-Z][A-Z0-9_]{0,63}$/.test(code) ? code : 'INTERNAL_SERVER_ERROR';

/**
 * Counts every GraphQL operation (the REST shim's too) with its outcome: `ok`, or the code of the
 * first error in the answer, and labels the /graphql request's HTTP metrics with the operation.
 */
export function graphqlMetricsPlugin(metrics: AppMetrics): ApolloServerPlugin<AppContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ operation, response, contextValue }) {
          const label = operationLabel(operation ?? undefined);
          const errors = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
          metrics.graphqlOperation(label, errors?.length ? outcomeOf(errors[0].extensions?.code) : 'ok');
          labelGraphqlRequest(contextValue, label);
        },
      };
    },
  };
}
