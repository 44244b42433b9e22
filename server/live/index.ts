import { ConsumerVisitProgressResolver, LiveVisitResolver } from './live.resolver.js';

export const liveResolvers = [LiveVisitResolver, ConsumerVisitProgressResolver] as const;
