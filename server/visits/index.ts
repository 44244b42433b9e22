import { OrderVisitStatusResolver, VisitResolver } from './visit.resolver.js';

export const visitResolvers = [VisitResolver, OrderVisitStatusResolver] as const;
