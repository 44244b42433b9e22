import { ConsumerVisitProgressResolver, LiveVisitResolver } from './live.resolver.js';

export const liveResolvers = [LiveVisitResolver, ConsumerVisitProgressResolver] as const;

// The state of a visit as its followers see it, for the fields other domains add to it.
export { VisitProgress } from './visit-progress.types.js';
