import {
  getNullableType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  Kind,
  OperationTypeNode,
  parse,
  validate,
  type FieldNode,
  type GraphQLField,
  type GraphQLFieldResolver,
  type GraphQLList,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationRule,
} from 'graphql';
import type { AppContext } from '../../context.js';
import { variableCoercion, type CoercedVariables } from '../graphql-variables.js';
import { resolverOf } from '../auth/auth-checker.js';
import { rolesOfField } from '../auth/field-roles.js';
import type { Role } from '../auth/role.js';
import { isThenable } from '../thenable.js';

// What graphql-direct.ts answers without the GraphQL pipeline: a document's plan, worked out once per query text,
// and the answer completed from it.

/**
 * A root field answered without the GraphQL pipeline: its value from the same service its resolver calls, for the
 * busiest public operations (the consumer's lookup, the technician's schedule).
 */
export interface DirectRootField {
  operation: OperationTypeNode;
  field: string;
  /** The context leaves a technician's session to the field's own statement (`AppContext.technicianSession`). */
  checksTechnicianSession?: boolean;
  /**
   * The field's value for these (coerced) arguments, or undefined for a caller the field's resolver would refuse
   * or treat otherwise: the request then goes through GraphQL, which gives the refusal.
   */
  resolve: DirectResolve;
  /**
   * A cheaper `resolve` for a selection that reads only part of the value (no joined rows, say), or undefined when
   * the selection needs `resolve`. Asked once per query text.
   */
  resolveFor?: (selected: SelectedFields) => DirectResolve | undefined;
}

/** See `DirectRootField.resolve`. */
export type DirectResolve = (context: AppContext, args: Record<string, unknown>) => Promise<unknown> | undefined;

/** The fields a selection reads, by name (aliases merged), each with the fields it selects in turn. */
export interface SelectedFields {
  readonly [field: string]: SelectedFields;
}

/** `SelectedFields` of a selection of plain fields (the only kind planned). */
function selectedFieldsOf(selectionSet: SelectionSetNode | undefined, into: Record<string, SelectedFields> = {}) {
  for (const selection of selectionSet?.selections ?? []) {
    if (selection.kind !== Kind.FIELD) continue;
    const name = selection.name.value;
    into[name] = selectedFieldsOf(selection.selectionSet, { ...into[name] });
  }
  return into;
}

/** How a selected field is completed: read or resolved, then shaped by its type. */
export interface FieldPlan {
  responseKey: string;
  fieldName: string;
  /** `__typename`: the name of the parent type. */
  typename?: string;
  /** `Type.field`, for the errors. */
  coordinate: string;
  /** The field's own resolver, for a field that does not read its property. */
  resolver?: { resolve: GraphQLFieldResolver<unknown, AppContext>; info: GraphQLResolveInfo };
  shape: Shape;
}

/** How a value of a field's type is completed, worked out once from the type (no type checks per value). */
type Shape =
  | { nonNull: boolean; kind: 'leaf'; serialize: (value: unknown) => unknown }
  | { nonNull: boolean; kind: 'list'; of: Shape }
  | { nonNull: boolean; kind: 'object'; fields: FieldPlan[] };

export interface DocumentPlan {
  operation: OperationDefinitionNode;
  root: DirectRootField;
  /** The operation's variables coerced as graphql-js coerces them. */
  coerceVariables: (inputs: Record<string, unknown>) => CoercedVariables;
  /** The root's `resolve`, or the cheaper one its `resolveFor` gave for this selection. */
  resolve: DirectResolve;
  rootField: GraphQLField<unknown, unknown>;
  /** The root field's rule (`@RequireRole`), checked before it resolves as GraphQL checks it. */
  roles: ReadonlySet<Role> | undefined;
  rootNode: FieldNode;
  /** The root field as a selected field (its resolver is the direct one). */
  plan: FieldPlan;
}

/** Roles every caller of the root holds: a field guarded by other roles is left to GraphQL. */
const coveredBy = (field: GraphQLField<unknown, unknown>, rootRoles: ReadonlySet<Role> | undefined): boolean => {
  const roles = rolesOfField(field);
  return !roles || (rootRoles !== undefined && [...rootRoles].every((role) => roles.has(role)));
};

/**
 * The plan of a selection on `parent`: fields and `__typename` only (aliases allowed; no fragment, argument or
 * directive), of object, list, scalar and enum types. Undefined for anything else: GraphQL answers it.
 */
function planSelection(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  parent: GraphQLObjectType,
  selectionSet: SelectionSetNode,
  rootRoles: ReadonlySet<Role> | undefined,
  path: GraphQLResolveInfo['path'],
): FieldPlan[] | undefined {
  const plans: FieldPlan[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind !== Kind.FIELD || selection.directives?.length || selection.arguments?.length) return undefined;
    const fieldName = selection.name.value;
    const responseKey = selection.alias?.value ?? fieldName;
    if (plans.some((plan) => plan.responseKey === responseKey)) return undefined;
    if (fieldName === '__typename') {
      const shape: Shape = { nonNull: true, kind: 'leaf', serialize: String };
      plans.push({ responseKey, fieldName, coordinate: `${parent.name}.${fieldName}`, typename: parent.name, shape });
      continue;
    }
    const field = parent.getFields()[fieldName];
    if (!field || !coveredBy(field, rootRoles)) return undefined;
    const fieldPath = { prev: path, key: responseKey, typename: parent.name };
    const info: GraphQLResolveInfo = {
      fieldName,
      fieldNodes: [selection],
      returnType: field.type,
      parentType: parent,
      path: fieldPath,
      schema,
      fragments: {},
      rootValue: undefined,
      operation,
      variableValues: {},
    };
    const shape = shapeOf(schema, operation, field.type, selection.selectionSet, rootRoles, fieldPath);
    if (!shape) return undefined;
    const resolve = resolverOf(field);
    const coordinate = `${parent.name}.${fieldName}`;
    plans.push({ responseKey, fieldName, coordinate, resolver: resolve && { resolve, info }, shape });
  }
  return plans;
}

/** The shape of a value of `type` with `selectionSet`; null when it cannot be planned. */
function shapeOf(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  type: GraphQLOutputType,
  selectionSet: SelectionSetNode | undefined,
  rootRoles: ReadonlySet<Role> | undefined,
  path: GraphQLResolveInfo['path'],
): Shape | null {
  const nonNull = isNonNullType(type);
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    const item = (nullable as GraphQLList<GraphQLOutputType>).ofType;
    const of = shapeOf(schema, operation, item, selectionSet, rootRoles, path);
    return of && { nonNull, kind: 'list', of };
  }
  if (isScalarType(nullable) || isEnumType(nullable)) {
    return selectionSet ? null : { nonNull, kind: 'leaf', serialize: (value) => nullable.serialize(value) };
  }
  if (!isObjectType(nullable) || !selectionSet) return null;
  const fields = planSelection(schema, operation, nullable, selectionSet, rootRoles, path);
  return fields ? { nonNull, kind: 'object', fields } : null;
}

/** Null where the type allows it; a null in a non-null place fails the answer as GraphQL fails it. */
function completeValue(
  value: unknown,
  shape: Shape,
  plan: FieldPlan,
  context: AppContext,
  pending: Promise<unknown>[],
): unknown {
  if (value === null || value === undefined) {
    if (shape.nonNull) throw new Error(`Cannot return null for non-nullable field ${plan.coordinate}.`);
    return null;
  }
  switch (shape.kind) {
    case 'leaf':
      return shape.serialize(value);
    case 'list':
      if (!Array.isArray(value)) throw new Error(`Expected a list for ${plan.coordinate}.`);
      return value.map((item) => completeValue(item, shape.of, plan, context, pending));
    case 'object':
      return completeObject(value, shape.fields, context, pending);
  }
}

/** The answer object of one value; fields whose resolver answers later are filled in when `pending` settles. */
function completeObject(
  source: unknown,
  fields: readonly FieldPlan[],
  context: AppContext,
  pending: Promise<unknown>[],
): Record<string, unknown> {
  const answer: Record<string, unknown> = {};
  for (const plan of fields) {
    const value =
      plan.typename ??
      (plan.resolver
        ? plan.resolver.resolve(source, {}, context, plan.resolver.info)
        : (source as Record<string, unknown>)[plan.fieldName]);
    if (isThenable(value)) {
      answer[plan.responseKey] = null;
      pending.push(
        Promise.resolve(value).then((settled) => {
          answer[plan.responseKey] = completeValue(settled, plan.shape, plan, context, pending);
        }),
      );
    } else {
      answer[plan.responseKey] = completeValue(value, plan.shape, plan, context, pending);
    }
  }
  return answer;
}

/** The root field's value as the answer's data, once every nested resolver has answered. */
export async function completeAnswer(value: unknown, root: FieldPlan, context: AppContext): Promise<unknown> {
  const waiting: Promise<unknown>[] = [];
  const data = completeValue(value, root.shape, root, context, waiting);
  while (waiting.length > 0) await Promise.all(waiting.splice(0));
  return data;
}

/**
 * The plan of a query text: one operation whose one root field is one of `fields`, as `planSelection` takes it below;
 * undefined for any other text (GraphQL answers it, refusal included).
 */
export function planDocument(
  query: string,
  options: {
    schema: GraphQLSchema;
    fields: readonly DirectRootField[];
    rules: readonly ValidationRule[];
    maxTokens: number;
  },
): DocumentPlan | undefined {
  const { schema } = options;
  let document;
  try {
    document = parse(query, { maxTokens: options.maxTokens });
  } catch {
    return undefined;
  }
  const [operation, ...others] = document.definitions;
  if (others.length > 0 || operation?.kind !== Kind.OPERATION_DEFINITION || operation.directives?.length) {
    return undefined;
  }
  if (validate(schema, document, options.rules, { maxErrors: 1 }).length > 0) return undefined;
  const [rootNode, ...moreRoots] = operation.selectionSet.selections;
  if (moreRoots.length > 0 || rootNode?.kind !== Kind.FIELD || rootNode.directives?.length) return undefined;
  const root = options.fields.find(
    (field) => field.operation === operation.operation && field.field === rootNode.name.value,
  );
  const rootType =
    operation.operation === OperationTypeNode.MUTATION ? schema.getMutationType() : schema.getQueryType();
  const rootField = rootType?.getFields()[rootNode.name.value];
  if (!root || !rootType || !rootField) return undefined;
  const responseKey = rootNode.alias?.value ?? rootNode.name.value;
  const path = { prev: undefined, key: responseKey, typename: rootType.name };
  const roles = rolesOfField(rootField);
  const shape = shapeOf(schema, operation, rootField.type, rootNode.selectionSet, roles, path);
  if (!shape) return undefined;
  const coordinate = `${rootType.name}.${rootField.name}`;
  return {
    operation,
    root,
    coerceVariables: variableCoercion(schema, operation.variableDefinitions ?? []),
    resolve: root.resolveFor?.(selectedFieldsOf(rootNode.selectionSet)) ?? root.resolve,
    rootField,
    roles,
    rootNode,
    plan: { responseKey, fieldName: rootField.name, coordinate, shape },
  };
}
