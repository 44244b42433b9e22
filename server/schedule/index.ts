import { ScheduleResolver } from './schedule.resolver.js';

export const scheduleResolvers = [ScheduleResolver] as const;
