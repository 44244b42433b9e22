import { ImportSettingResolver } from './import-setting.resolver.js';
import { OrderImportResolver } from './order-import.resolver.js';

export const importResolvers = [ImportSettingResolver, OrderImportResolver] as const;

// The `Upload` scalar, for every mutation that takes a file.
export { UploadScalar, type PendingUpload } from './upload.scalar.js';
