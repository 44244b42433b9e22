import { OperationTypeNode } from 'graphql';
import { Role } from '../common/auth/role.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import type { DirectResolve, DirectRootField, SelectedFields } from '../common/http/graphql-direct-plan.js';
import type { TechnicianSession } from '../common/auth/viewer.js';
import type { AppContext } from '../context.js';
import { PLAIN_SCHEDULE_ORDER_FIELDS } from '../visits/index.js';
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

const fullSchedule: DirectResolve = (context) =>
  scheduleOfCaller(
    context,
    (planner, session) => planner.currentOfSession(session),
    (planner) => planner.current(),
  );

/** Without the replies and statuses joined: for a selection of the orders' own fields only. */
const plainSchedule: DirectResolve = (context) =>
  scheduleOfCaller(
    context,
    (planner, session) => planner.plainCurrentOfSession(session),
    (planner) => planner.current(),
  );

/**
 * The fields of a schedule's orders that the orders' own columns answer: the plain ones, `flag` (the legacy form of
 * `special`, server/legacy/legacy-fields.resolver.ts) and `__typename`.
 */
const ORDER_FIELDS_WITHOUT_JOINS: ReadonlySet<string> = new Set([...PLAIN_SCHEDULE_ORDER_FIELDS, 'flag', '__typename']);

/**
 * `technicianSchedule` answered without the GraphQL pipeline (common/http/graphql-direct.ts): the technician area
 * reads it on every start and refresh. A selection of the orders' own fields (the legacy app's) is read without
 * joining the replies and statuses, as the legacy call reads it.
 */
export const technicianScheduleField: DirectRootField = {
  operation: OperationTypeNode.QUERY,
  field: 'technicianSchedule',
  checksTechnicianSession: true,
  resolve: fullSchedule,
  resolveFor: (selected: SelectedFields) =>
    Object.keys(selected.orders ?? {}).every((field) => ORDER_FIELDS_WITHOUT_JOINS.has(field))
      ? plainSchedule
      : undefined,
};
