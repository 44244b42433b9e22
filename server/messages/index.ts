import { MessageLogResolver } from './message-log.resolver.js';

export const messageResolvers = [MessageLogResolver] as const;
