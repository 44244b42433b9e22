import { DirectiveLocation, GraphQLDirective, GraphQLList, GraphQLNonNull, GraphQLEnumType } from 'graphql';
import { Directive, getMetadataStorage } from 'type-graphql';
import { Role, ROLE_DESCRIPTIONS } from './role.js';

const roleEnumForDirective = new GraphQLEnumType({
  name: 'Role',
  description: 'The role a bearer token grants.',
  values: Object.fromEntries(
    Object.values(Role).map((role) => [role, { value: role, description: ROLE_DESCRIPTIONS[role] }]),
  ),
});

/**
 * `@auth(requires: [ADMIN])` in the SDL: the rule for integrators to read, and the rule that runs
 * (`enforceRequiredRoles` checks each field by its directive), so the two cannot disagree.
 */
export const authDirective = new GraphQLDirective({
  name: 'auth',
  description: 'The caller needs a bearer token of one of these roles.',
  locations: [DirectiveLocation.FIELD_DEFINITION, DirectiveLocation.OBJECT],
  args: {
    requires: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(roleEnumForDirective))) },
  },
});

type FieldDecorator = MethodDecorator & PropertyDecorator;

const authRule = (roles: readonly Role[]): string => `@${authDirective.name}(requires: [${roles.join(', ')}])`;

/** The roles of an `@auth` rule as written by `authRule`; undefined for another directive. */
function rolesOfRule(definition: string): string[] | undefined {
  const roles = /^@auth\(requires: \[([^\]]*)\]\)$/.exec(definition.trim())?.[1];
  return roles?.split(',').map((role) => role.trim());
}

/**
 * Restricts a query, mutation or field to the given roles: the `@auth` directive, enforced by `enforceRequiredRoles`.
 * On a member of a class that carries `@RequireRoleForAll`, it narrows the class rule for that member.
 */
export function RequireRole(...roles: [Role, ...Role[]]): FieldDecorator {
  return Directive(authRule(roles));
}

/**
 * Restricts every member of an `@ObjectType` class (its `@Field`s) or of a `@Resolver` class (its queries, mutations,
 * subscriptions and `@FieldResolver`s) to the given roles: each member without a `@RequireRole` of its own gets
 * `@RequireRole(...roles)`, exactly as if it were written on it, so the schema still prints and enforces the rule
 * on each field (integrators read it there) and nothing checks the class itself.
 *
 * A member may narrow the class rule with its own `@RequireRole` of fewer roles: the exception stands at the member,
 * in plain sight, and the printed schema shows it. A member rule that repeats the class rule, or names a role the
 * class rule does not, is refused: each rule is said once, and no field of the class is open to more than its class
 * line says. Members inherited from another class keep that class's rules; a field left without a rule fails the
 * schema's build (guarded-fields.ts). A field a `@FieldResolver` serves but the type declares with `@Field` takes its
 * rule from the type, as a `@RequireRole` on the method would.
 */
export function RequireRoleForAll(...roles: [Role, ...Role[]]): ClassDecorator {
  const rule = authRule(roles);
  const classRoles = new Set<string>(roles);
  // Member decorators run before class decorators, so every member of the class is in the metadata by now.
  return (target) => {
    const storage = getMetadataStorage();
    const members = new Set([
      ...storage.fields.filter((field) => field.target === target).map((field) => field.name),
      ...[...storage.queries, ...storage.mutations, ...storage.subscriptions, ...storage.fieldResolvers]
        .filter((resolver) => resolver.target === target)
        .map((resolver) => resolver.methodName),
    ]);
    if (members.size === 0) throw new Error(`@RequireRoleForAll on ${target.name}, which has no fields`);
    for (const fieldName of members) {
      const own = storage.fieldDirectives
        .filter((directive) => directive.target === target && directive.fieldName === fieldName)
        .flatMap((directive) => rolesOfRule(directive.directive.nameOrDefinition) ?? []);
      if (own.length === 0) {
        storage.collectDirectiveFieldMetadata({ target, fieldName, directive: { nameOrDefinition: rule, args: {} } });
      } else if (own.some((role) => !classRoles.has(role))) {
        throw new Error(`${target.name}.${fieldName} opens more than the ${rule} of its class`);
      } else if (new Set(own).size === classRoles.size) {
        throw new Error(`${target.name}.${fieldName} repeats the ${rule} of its class: remove its @RequireRole`);
      }
    }
  };
}
