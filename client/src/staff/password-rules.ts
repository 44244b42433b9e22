/** Spec section 9; the server enforces the same minimums (server/config.ts). */
export const TECHNICIAN_PASSWORD_MIN_LENGTH = 6;
export const ADMIN_PASSWORD_MIN_LENGTH = 10;
