import { OperationTypeNode } from 'graphql';
import { Role } from '../common/auth/role.js';
import type { DirectRootField } from '../common/http/graphql-direct.js';
import type { AppContext } from '../context.js';
import { PlannerService } from './planner.service.js';

/**
 * `technicianSchedule` answered without the GraphQL pipeline (common/http/graphql-direct.ts) for a technician, as its
 * resolver answers it: the technician area reads it on every start and refresh. Anyone else goes through GraphQL and
 * its refusal.
 */
export const technicianScheduleField: DirectRootField = {
  operation: OperationTypeNode.QUERY,
  field: 'technicianSchedule',
  resolve: (context: AppContext) =>
    context.viewer?.role === Role.TECHNICIAN ? new PlannerService(context).current() : undefined,
};
