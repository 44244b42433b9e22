import {
  getNamedType,
  isInputObjectType,
  Kind,
  OperationTypeNode,
  parse,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { authDirective } from './require-role.js';
import { Role } from './role.js';

const ROLES = new Set<string>(Object.values(Role));

/**
 * The roles a field's `@auth(requires: [...])` names, read from the built schema (where `@RequireRole`
 * printed them); undefined for a field anyone may use. `enforceRequiredRoles` checks each field by it; HTTP layers
 * use it to refuse a caller before reading a request body the check would refuse anyway.
 */
export function rolesOfField(field: GraphQLField<unknown, unknown>): ReadonlySet<Role> | undefined {
  const directive = field.astNode?.directives?.find((node) => node.name.value === authDirective.name);
  const requires = directive?.arguments?.find((node) => node.name.value === 'requires');
  if (!requires || requires.value.kind !== Kind.LIST) return undefined;
  return new Set(
    requires.value.values.flatMap((value) =>
      value.kind === Kind.ENUM && ROLES.has(value.value) ? [value.value as Role] : [],
    ),
  );
}

/**
 * The roles that may run every root field of `operation` (one GraphQL document, as in a REST row);
 * undefined when none of its root fields is guarded.
 */
export function rolesOfOperation(schema: GraphQLSchema, operation: string): ReadonlySet<Role> | undefined {
  let allowed: Set<Role> | undefined;
  for (const definition of parse(operation).definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const root = definition.operation === OperationTypeNode.MUTATION ? schema.getMutationType() : schema.getQueryType();
    for (const selection of definition.selectionSet.selections) {
      if (selection.kind !== Kind.FIELD) continue;
      const field = root?.getFields()[selection.name.value];
      const roles = field && rolesOfField(field);
      if (!roles) continue;
      allowed = new Set(allowed ? [...allowed].filter((role) => roles.has(role)) : roles);
    }
  }
  return allowed;
}

function takesUpload(type: GraphQLInputType, uploadType: string, seen = new Set<string>()): boolean {
  const named = getNamedType(type);
  if (named.name === uploadType) return true;
  if (!isInputObjectType(named) || seen.has(named.name)) return false;
  seen.add(named.name);
  return Object.values(named.getFields()).some((field) => takesUpload(field.type, uploadType, seen));
}

/**
 * The roles of every root field that takes a file (an argument of the `uploadType` scalar, directly or
 * inside an input): only these callers may send a GraphQL multipart request at all. A public field that
 * took a file would make this undefined (anyone may upload).
 */
export function rolesThatUpload(schema: GraphQLSchema, uploadType = 'Upload'): ReadonlySet<Role> | undefined {
  const allowed = new Set<Role>();
  for (const root of [schema.getQueryType(), schema.getMutationType()]) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      if (!field.args.some((arg) => takesUpload(arg.type, uploadType))) continue;
      const roles = rolesOfField(field);
      if (!roles) return undefined;
      for (const role of roles) allowed.add(role);
    }
  }
  return allowed;
}
