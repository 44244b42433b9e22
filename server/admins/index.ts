import { AdminResolver } from './admin.resolver.js';

export const adminResolvers = [AdminResolver] as const;

// The admin as others speak of it: who confirmed, changed or imported on whose behalf.
export { Admin } from './admin.entity.js';
