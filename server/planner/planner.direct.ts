import { OperationTypeNode } from 'graphql';
import { Role } from '../common/auth/role.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import type { DirectRootField } from '../common/http/graphql-direct-plan.js';
import type { TechnicianSession } from '../common/auth/viewer.js';
import type { AppContext } from '../context.js';
import { PlannerService } from './planner.service.js';

/**
 * The caller's schedule for the calls that answer it without the GraphQL pipeline, as the resolver answers it: given
 * the technician's session unchecked (`AppContext.technicianSession`), `ofSession` reads it in one statement that
 * checks the session too, and a session that no longer holds is refused as authentication refuses it
 * (UNAUTHENTICATED); for a signed-in technician `current` reads it. Undefined for anyone else: GraphQL refuses them.
 */
export function scheduleOfCaller<Schedule>(
  context: AppContext,
  ofSession: (planner: PlannerService, session: TechnicianSession) => Promise<Schedule | null>,
  ofTechnician: (planner: PlannerService) => Promise<Schedule>,
): Promise<Schedule> | undefined {
  const session = context.technicianSession;
  if (session) {
    return ofSession(new PlannerService(context), session).then((schedule) => {
      if (!schedule) throw new AppError(CommonError.UNAUTHENTICATED);
      return schedule;
    });
  }
  return context.viewer?.role === Role.TECHNICIAN ? ofTechnician(new PlannerService(context)) : undefined;
}

/**
 * `technicianSchedule` answered without the GraphQL pipeline (common/http/graphql-direct.ts): the technician area
 * reads it on every start and refresh.
 */
export const technicianScheduleField: DirectRootField = {
  operation: OperationTypeNode.QUERY,
  field: 'technicianSchedule',
  checksTechnicianSession: true,
  resolve: (context) =>
    scheduleOfCaller(
      context,
      (planner, session) => planner.currentOfSession(session),
      (planner) => planner.current(),
    ),
};
