import { ServerInfoResolver } from './server-info.resolver.js';

export const systemResolvers = [ServerInfoResolver] as const;
