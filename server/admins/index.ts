import { AdminResolver } from './admin.resolver.js';

export const adminResolvers = [AdminResolver] as const;
