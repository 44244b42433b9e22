import { OrderAddressResolver } from './order-address.resolver.js';
import { OrderHistoryResolver } from './order-history.resolver.js';
import { OrderMigrationResolver } from './order-migration.resolver.js';
import { OrderResolver } from './order.resolver.js';
import { TechnicianRemovalResolver } from './technician-removal.resolver.js';

export const orderResolvers = [
  OrderResolver,
  OrderMigrationResolver,
  OrderHistoryResolver,
  TechnicianRemovalResolver,
  OrderAddressResolver,
] as const;
