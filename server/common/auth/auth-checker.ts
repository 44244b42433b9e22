import type { AuthCheckerFn } from 'type-graphql';
import type { AppContext } from '../../context.js';
import { AppError } from '../errors/app-error.js';
import { CommonError } from '../errors/common.errors.js';
import type { Role } from './role.js';

/**
 * Enforces `@RequireRole`: no valid token is UNAUTHENTICATED, a token of another role is FORBIDDEN.
 * Which rows a role may see (a consumer only its orders, a technician only its schedule) is the
 * services' business.
 */
export const authChecker: AuthCheckerFn<AppContext, Role> = ({ context }, roles) => {
  if (!context.viewer) throw new AppError(CommonError.UNAUTHENTICATED);
  if (roles.length === 0 || roles.includes(context.viewer.role)) return true;
  throw new AppError(CommonError.FORBIDDEN);
};
