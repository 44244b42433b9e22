import { OrderHistoryResolver } from './order-history.resolver.js';

export const auditResolvers = [OrderHistoryResolver] as const;
