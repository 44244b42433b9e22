import { InformedResolver } from './informed.resolver.js';

export const informedResolvers = [InformedResolver] as const;
