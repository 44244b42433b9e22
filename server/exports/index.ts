import { OrdersExportResolver } from './orders-export.resolver.js';

export const exportResolvers = [OrdersExportResolver] as const;
