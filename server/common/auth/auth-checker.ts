import {
  defaultFieldResolver,
  isObjectType,
  type GraphQLField,
  type GraphQLFieldResolver,
  type GraphQLSchema,
} from 'graphql';
import type { AppContext } from '../../context.js';
import { AppError } from '../errors/app-error.js';
import { CommonError } from '../errors/common.errors.js';
import { rolesOfField } from './field-roles.js';
import { Role } from './role.js';
import { scopesOfField, type ApiScope } from './scope.js';

/**
 * The rule of `@RequireRole`, for every path that runs a guarded field or takes a guarded upload: a rule (`roles`,
 * undefined for a field without one) refuses a caller without a valid token (`role` undefined) as UNAUTHENTICATED,
 * and a token of a role the rule does not name as FORBIDDEN; a rule naming no role takes any signed-in caller.
 * Which rows a role may see (a consumer only its orders, a technician only its schedule) is the services' business.
 */
export function roleRefusal(
  role: Role | undefined,
  roles: ReadonlySet<Role> | undefined,
): typeof CommonError.UNAUTHENTICATED | typeof CommonError.FORBIDDEN | undefined {
  if (!roles) return undefined;
  if (role === undefined) return CommonError.UNAUTHENTICATED;
  return roles.size === 0 || roles.has(role) ? undefined : CommonError.FORBIDDEN;
}

/**
 * The caller's role: its viewer's, or a technician's whose session the call's own statement checks
 * (`AppContext.technicianSession`, refused there as authentication refuses it).
 */
export function callerRole(context: Pick<AppContext, 'viewer' | 'technicianSession'>): Role | undefined {
  return context.viewer?.role ?? (context.technicianSession ? Role.TECHNICIAN : undefined);
}

/**
 * Enforces `@RequireRole` on a field GraphQL runs (`roleRefusal`), for the viewer alone: a session left unchecked to
 * a statement is no caller here.
 */
export function checkRole(context: AppContext, roles: ReadonlySet<Role>, scopes?: ReadonlySet<ApiScope>): void {
  const refusal = roleRefusal(context.viewer?.role, roles);
  if (refusal) throw new AppError(refusal);
  const application = context.viewer?.application;
  if (application && scopes && ![...scopes].some((scope) => application.scopes.has(scope))) {
    throw new AppError(CommonError.FORBIDDEN);
  }
}

const NO_SCOPE: ReadonlySet<ApiScope> = new Set();

/** The resolver behind each field's role check (undefined: the field reads its property). */
const resolverBehindCheck = new WeakMap<GraphQLField<unknown, unknown>, GraphQLFieldResolver<unknown, AppContext>>();

/**
 * What resolves a field once its `@auth` rule holds: its own resolver, or undefined when it reads the property of
 * its name (graphql's default), for callers that check the rule themselves (common/http/graphql-direct.ts).
 */
export function resolverOf(
  field: GraphQLField<unknown, unknown>,
): GraphQLFieldResolver<unknown, AppContext> | undefined {
  const resolve = resolverBehindCheck.get(field) ?? field.resolve;
  return resolve === defaultFieldResolver ? undefined : resolve;
}

/**
 * Checks the `@auth` rule of every field of the schema before the field resolves:
 * the rule the schema prints is the rule that runs. A plain check in front of the field's resolver, so a property
 * resolves without a promise: through type-graphql's middleware chain each checked field took several, and a list
 * of thirty orders resolves two hundred fields.
 */
export function enforceRequiredRoles(schema: GraphQLSchema): void {
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    const isRoot = roots.includes(type);
    // A rule on a whole type would print but not run: each field carries its own.
    if (type.astNode?.directives?.some((directive) => directive.name.value === 'auth')) {
      throw new Error(`@auth on the type ${type.name}: put @RequireRole on its fields`);
    }
    for (const field of Object.values(type.getFields())) {
      const allowed = rolesOfField(field);
      if (!allowed) continue;
      // An application's key reaches a root field only through a scope it names (none: closed to keys); a field
      // of another type takes the role rule alone unless it names scopes of its own.
      const scopes = scopesOfField(field) ?? (isRoot ? NO_SCOPE : undefined);
      const resolve: GraphQLFieldResolver<unknown, AppContext> = field.resolve ?? defaultFieldResolver;
      resolverBehindCheck.set(field, resolve);
      field.resolve = (source, args, context: AppContext, info) => {
        checkRole(context, allowed, scopes);
        return resolve(source, args, context, info);
      };
      const { subscribe } = field;
      if (subscribe) {
        const subscribeChecked: GraphQLFieldResolver<unknown, AppContext> = (source, args, context, info) => {
          checkRole(context, allowed, scopes);
          return subscribe(source, args, context, info);
        };
        field.subscribe = subscribeChecked;
      }
    }
  }
}
