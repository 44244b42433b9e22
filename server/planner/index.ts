import { PlannerResolver } from './planner.resolver.js';

export const plannerResolvers = [PlannerResolver] as const;
