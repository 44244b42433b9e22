import { ImportSettingResolver } from './import-setting.resolver.js';
import { OrderImportResolver } from './order-import.resolver.js';

export const importResolvers = [ImportSettingResolver, OrderImportResolver] as const;
