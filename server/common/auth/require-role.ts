import { DirectiveLocation, GraphQLDirective, GraphQLList, GraphQLNonNull, GraphQLEnumType } from 'graphql';
import { Authorized, Directive } from 'type-graphql';
import { Role, ROLE_DESCRIPTIONS } from './role.js';

const roleEnumForDirective = new GraphQLEnumType({
  name: 'Role',
  description: 'The role a bearer token grants.',
  values: Object.fromEntries(
    Object.values(Role).map((role) => [role, { value: role, description: ROLE_DESCRIPTIONS[role] }]),
  ),
});

/**
 * `@auth(requires: [ADMIN])` in the SDL: documentation for integrators of the rule that
 * `@Authorized` enforces. Both come from the one decorator below, so they cannot disagree.
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

/** Restricts a query, mutation or field to the given roles, and prints the rule into the schema. */
export function RequireRole(...roles: [Role, ...Role[]]): FieldDecorator {
  const authorized = Authorized(...roles) as FieldDecorator;
  const directive: FieldDecorator = Directive(`@auth(requires: [${roles.join(', ')}])`);
  return (target: object, key: string | symbol, descriptor?: PropertyDescriptor) => {
    if (descriptor) {
      (directive as MethodDecorator)(target, key, descriptor);
      (authorized as MethodDecorator)(target, key, descriptor);
      return descriptor;
    }
    directive(target, key);
    authorized(target, key);
    return undefined;
  };
}
