import { OperationTypeNode } from 'graphql';
import type { DirectRootField } from '../common/http/graphql-direct-plan.js';
import type { AppContext } from '../context.js';
import { LookUpVisitsInput } from './consumer.inputs.js';
import type { LookUpVisitsPayload } from './consumer-visit.types.js';
import { ConsumerService } from './consumer.service.js';

/** The lookup as its resolver runs it, for input GraphQL has coerced: the busiest public call of the evening. */
export function lookUpVisitsDirectly(context: AppContext, args: Record<string, unknown>): Promise<LookUpVisitsPayload> {
  return new ConsumerService(context).lookUp(Object.assign(new LookUpVisitsInput(), args.input));
}

/** `lookUpVisits` answered without the GraphQL pipeline (common/http/graphql-direct.ts). */
export const lookUpVisitsField: DirectRootField = {
  operation: OperationTypeNode.MUTATION,
  field: 'lookUpVisits',
  resolve: lookUpVisitsDirectly,
};
