import { DirectiveLocation, GraphQLDirective, GraphQLEnumType, GraphQLList, GraphQLNonNull, Kind } from 'graphql';
import type { GraphQLField } from 'graphql';
import { Directive } from 'type-graphql';

/**
 * What an application's key may reach, on top of the role rules: each scope opens the root fields that name it in
 * their `@scope` rule. A staff member's token has every scope its role gives; only application keys are narrowed.
 */
export enum ApiScope {
  ORDERS_READ = 'ORDERS_READ',
  ORDERS_WRITE = 'ORDERS_WRITE',
  VISITS_READ = 'VISITS_READ',
  STATISTICS_READ = 'STATISTICS_READ',
}

/** The spelling integrators read in the console and the documentation (`orders:read`). */
export const SCOPE_NAMES: Record<ApiScope, string> = {
  [ApiScope.ORDERS_READ]: 'orders:read',
  [ApiScope.ORDERS_WRITE]: 'orders:write',
  [ApiScope.VISITS_READ]: 'visits:read',
  [ApiScope.STATISTICS_READ]: 'statistics:read',
};

/** What each scope opens, as the schema and the integrators' documentation say it. */
export const SCOPE_DESCRIPTIONS: Record<ApiScope, string> = {
  [ApiScope.ORDERS_READ]: 'orders:read — read orders and their history.',
  [ApiScope.ORDERS_WRITE]: 'orders:write — create, import and change orders.',
  [ApiScope.VISITS_READ]: "visits:read — read visits and the technicians' days.",
  [ApiScope.STATISTICS_READ]: 'statistics:read — read the figures and usage statistics.',
};

/** The enum as the directive's argument names it (type-graphql registers the same values as `ApiScope`). */
const scopeEnumForDirective = new GraphQLEnumType({
  name: 'ApiScope',
  description: "A scope of an application's key.",
  values: Object.fromEntries(
    Object.values(ApiScope).map((scope) => [scope, { value: scope, description: SCOPE_DESCRIPTIONS[scope] }]),
  ),
});

/**
 * `@scope(requires: [ORDERS_READ])` in the SDL: an application's key needs one of these scopes besides the role the
 * field's `@auth` names. A root field without it is closed to every application key; a field of another type needs
 * one only when it names it. Enforced by `enforceRequiredRoles`, with the same refusal as a missing role.
 */
export const scopeDirective = new GraphQLDirective({
  name: 'scope',
  description:
    "An application's key needs one of these scopes (besides the role of @auth); root fields without @scope refuse application keys.",
  locations: [DirectiveLocation.FIELD_DEFINITION],
  args: {
    requires: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(scopeEnumForDirective))) },
  },
});

const SCOPES = new Set<string>(Object.values(ApiScope));

type FieldDecorator = MethodDecorator & PropertyDecorator;

/** Opens a field to application keys holding one of these scopes (the `@scope` directive). */
export function RequireScope(...scopes: [ApiScope, ...ApiScope[]]): FieldDecorator {
  return Directive(`@${scopeDirective.name}(requires: [${scopes.join(', ')}])`);
}

/** The scopes a field's `@scope` names; undefined for a field without the directive. */
export function scopesOfField(field: GraphQLField<unknown, unknown>): ReadonlySet<ApiScope> | undefined {
  const directive = field.astNode?.directives?.find((node) => node.name.value === scopeDirective.name);
  const requires = directive?.arguments?.find((node) => node.name.value === 'requires');
  if (!requires || requires.value.kind !== Kind.LIST) return undefined;
  return new Set(
    requires.value.values.flatMap((value) =>
      value.kind === Kind.ENUM && SCOPES.has(value.value) ? [value.value as ApiScope] : [],
    ),
  );
}

/** A scope from its integrator spelling (`orders:read`); undefined for an unknown one. */
export function scopeOfName(name: string): ApiScope | undefined {
  return Object.values(ApiScope).find((scope) => SCOPE_NAMES[scope] === name);
}
