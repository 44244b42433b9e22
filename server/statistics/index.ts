import { OfficeFiguresResolver } from './office-figures.resolver.js';
import { UsageStatisticsResolver } from './usage-statistics.resolver.js';

export const statisticsResolvers = [UsageStatisticsResolver, OfficeFiguresResolver] as const;
