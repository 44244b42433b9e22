import { PersonalLinkResolver } from './personal-link.resolver.js';

export const consumerLinkResolvers = [PersonalLinkResolver] as const;
