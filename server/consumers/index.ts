import { ConsumerResolver } from './consumer.resolver.js';

export const consumerResolvers = [ConsumerResolver] as const;
