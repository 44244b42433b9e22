import { UsageStatisticsResolver } from './usage-statistics.resolver.js';

export const statisticsResolvers = [UsageStatisticsResolver] as const;
