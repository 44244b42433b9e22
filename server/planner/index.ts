/**
 * The planner domain's front door: other folders import from here, never from a file inside planner/
 * (.dependency-cruiser.cjs refuses it). Its resolvers, and the technician's schedule answered without the GraphQL
 * pipeline (the app's direct call and the legacy call).
 */
import { PlannerResolver, TechnicianScheduleWindowsResolver } from './planner.resolver.js';

export const plannerResolvers = [PlannerResolver, TechnicianScheduleWindowsResolver] as const;

export { scheduleOfCaller, technicianScheduleField } from './planner.direct.js';
export type { PlainTechnicianSchedule } from './planner.service.js';
