import { PersonalLinkResolver } from './personal-link.resolver.js';

export const consumerLinkResolvers = [PersonalLinkResolver] as const;

export { personalLinkUrls } from './personal-link.js';
export { resubscribe, unsubscribe } from './unsubscribes.js';
export { checkReportLink, reportExpiresAt } from './link-check.js';
