import { AccountResolver } from './account.resolver.js';

export const accountResolvers = [AccountResolver] as const;
