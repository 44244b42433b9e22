import { OrderMigrationResolver } from './order-migration.resolver.js';
import { OrderResolver } from './order.resolver.js';

export const orderResolvers = [OrderResolver, OrderMigrationResolver] as const;
