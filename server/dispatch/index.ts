import { OrderRescheduleResolver } from './order-reschedule.resolver.js';

export const dispatchResolvers = [OrderRescheduleResolver] as const;
