import { DispatchOverviewResolver } from './dispatch-overview.resolver.js';

export const overviewResolvers = [DispatchOverviewResolver] as const;
