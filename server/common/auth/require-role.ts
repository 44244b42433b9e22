import { DirectiveLocation, GraphQLDirective, GraphQLList, GraphQLNonNull, GraphQLEnumType } from 'graphql';
import { Directive } from 'type-graphql';
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

/** Restricts a query, mutation or field to the given roles: the `@auth` directive, enforced by `enforceRequiredRoles`. */
export function RequireRole(...roles: [Role, ...Role[]]): FieldDecorator {
  return Directive(`@auth(requires: [${roles.join(', ')}])`);
}
