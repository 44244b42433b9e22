import type { Request, RequestHandler, Response } from 'express';
import {
  getArgumentValues,
  getNullableType,
  getVariableValues,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  Kind,
  locatedError,
  OperationTypeNode,
  parse,
  specifiedRules,
  validate,
  type FieldNode,
  type GraphQLError,
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
import { resolverOf } from '../auth/auth-checker.js';
import { rolesOfField } from '../auth/field-roles.js';
import type { Role } from '../auth/role.js';
import { formatError } from '../errors/format-error.js';
import { variablesTextProblem } from '../errors/input-text.plugin.js';
import { localizeError, logUnexpectedError } from '../errors/localize-errors.plugin.js';
import type { AppMetrics } from '../metrics/app-metrics.js';
import { outcomeOf } from '../metrics/graphql-metrics.plugin.js';
import { labelGraphqlRequest } from '../metrics/http-metrics.js';

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
  resolve: (context: AppContext, args: Record<string, unknown>) => Promise<unknown> | undefined;
}

/** How a selected field is completed: read or resolved, then shaped by its type. */
interface FieldPlan {
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

interface DocumentPlan {
  operation: OperationDefinitionNode;
  root: DirectRootField;
  rootField: GraphQLField<unknown, unknown>;
  rootNode: FieldNode;
  /** The root field as a selected field (its resolver is the direct one). */
  plan: FieldPlan;
}

/**
 * Query texts remembered with their plan (or none): our clients send a handful. Cleared when full, so texts made up
 * by a stranger cannot keep ours out.
 */
const REMEMBERED_DOCUMENTS = 256;
const JSON_TYPE = 'application/json; charset=utf-8';
const GRAPHQL_RESPONSE_TYPE = 'application/graphql-response+json; charset=utf-8';
/**
 * The answer's media type for the `Accept` headers our clients and common tools send (spaces removed), as Apollo
 * negotiates it; any other `Accept` is left to Apollo.
 */
const MEDIA_TYPE_FOR_ACCEPT = new Map<string | undefined, string>([
  [undefined, JSON_TYPE],
  ['*/*', JSON_TYPE],
  ['application/json', JSON_TYPE],
  ['application/graphql-response+json', GRAPHQL_RESPONSE_TYPE],
  // The consumer pages' own requests.
  ['application/graphql-response+json,application/json', GRAPHQL_RESPONSE_TYPE],
  // Apollo Client's.
  ['application/graphql-response+json,application/json;q=0.9', GRAPHQL_RESPONSE_TYPE],
]);

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

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

/**
 * Runs the operations of the busiest public root fields without Apollo's pipeline and graphql-js's executor, which
 * were most of their CPU: the same document rules (the schema's validation with our limits, parsed and checked once
 * per query text), the same variable coercion and text check, the same field roles, the same errors, metrics and
 * answer bytes. Anything it does not take exactly (another field, a fragment, a directive, an argument on a nested
 * field, an abstract type, a variable GraphQL would refuse, a caller the field leaves to GraphQL, an `Accept` other
 * than JSON) goes on to Apollo untouched. A nested field's failure fails the whole answer (data null), where
 * GraphQL would null the nearest nullable parent; the fields planned here never fail on their own.
 */
export function graphqlDirect(options: {
  schema: GraphQLSchema;
  fields: readonly DirectRootField[];
  validationRules: readonly ValidationRule[];
  maxTokens: number;
  metrics: AppMetrics;
  contextOf: (req: Request, res: Response, technicianSessionInStatement: boolean) => Promise<AppContext>;
}): RequestHandler {
  const { schema, metrics } = options;
  const rules = [...specifiedRules, ...options.validationRules];
  const plans = new Map<string, DocumentPlan | null>();
  const names = options.fields.map((field) => field.field);

  function planOf(query: string): DocumentPlan | undefined {
    const known = plans.get(query);
    if (known !== undefined) return known ?? undefined;
    const plan = planDocument(query);
    if (plans.size >= REMEMBERED_DOCUMENTS) plans.clear();
    plans.set(query, plan ?? null);
    return plan;
  }

  function planDocument(query: string): DocumentPlan | undefined {
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
    if (validate(schema, document, rules, { maxErrors: 1 }).length > 0) return undefined;
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
    const shape = shapeOf(schema, operation, rootField.type, rootNode.selectionSet, rolesOfField(rootField), path);
    if (!shape) return undefined;
    const coordinate = `${rootType.name}.${rootField.name}`;
    return {
      operation,
      root,
      rootField,
      rootNode,
      plan: { responseKey, fieldName: rootField.name, coordinate, shape },
    };
  }

  function send(res: Response, status: number, mediaType: string, body: unknown): void {
    const text = `${JSON.stringify(body)}\n`;
    res.statusCode = status;
    res.setHeader('content-type', mediaType);
    // What express's send adds for a POST's JSON text: its length (no ETag on this server, no freshness check).
    res.setHeader('content-length', Buffer.byteLength(text));
    res.end(text);
  }

  async function run(
    plan: DocumentPlan,
    variables: Record<string, unknown>,
    mediaType: string,
    req: Request,
    res: Response,
  ): Promise<boolean> {
    const coerced = getVariableValues(schema, plan.operation.variableDefinitions ?? [], variables, { maxErrors: 1 });
    if (!('coerced' in coerced)) return false;
    const args = getArgumentValues(plan.rootField, plan.rootNode, coerced.coerced);
    let context = await options.contextOf(req, res, Boolean(plan.root.checksTechnicianSession));
    let pending = plan.root.resolve(context, args);
    // A session left to a field that did not take it is checked as for any other request.
    if (!pending && context.technicianSession) {
      context = await options.contextOf(req, res, false);
      pending = plan.root.resolve(context, args);
    }
    if (!pending) return false;
    const label = plan.rootNode.name.value;
    labelGraphqlRequest(context, label);
    try {
      const value = await pending;
      const waiting: Promise<unknown>[] = [];
      const data = completeValue(value, plan.plan.shape, plan.plan, context, waiting);
      while (waiting.length > 0) await Promise.all(waiting.splice(0));
      metrics.graphqlOperation(label, 'ok');
      send(res, 200, mediaType, { data: { [plan.plan.responseKey]: data } });
    } catch (error) {
      const located = locatedError(error, [plan.rootNode], [plan.plan.responseKey]);
      logUnexpectedError(context.log, located);
      const { status, formatted } = formatted200(located);
      const answer = localizeError(formatError(formatted, located), context.language);
      metrics.graphqlOperation(label, outcomeOf(answer.extensions?.code));
      send(res, status, mediaType, { errors: [answer], data: null });
    }
    return true;
  }

  // After express.json: a body with a query text is JSON.
  return (req, res, next) => {
    const body = req.body as
      { query?: unknown; variables?: unknown; operationName?: unknown; extensions?: unknown } | undefined;
    const query = body?.query;
    const mediaType = MEDIA_TYPE_FOR_ACCEPT.get(req.headers.accept?.replace(/\s+/g, '').toLowerCase());
    const takes =
      typeof query === 'string' &&
      body?.extensions === undefined &&
      mediaType !== undefined &&
      names.some((name) => query.includes(name));
    const plan = takes ? planOf(query) : undefined;
    const variables = body?.variables ?? {};
    const operationName = body?.operationName ?? undefined;
    if (
      !plan ||
      mediaType === undefined ||
      (operationName !== undefined && operationName !== plan.operation.name?.value) ||
      typeof variables !== 'object' ||
      variables === null ||
      Array.isArray(variables) ||
      variablesTextProblem(variables as Record<string, unknown>)
    ) {
      next();
      return;
    }
    run(plan, variables as Record<string, unknown>, mediaType, req, res).then((answered) => {
      if (!answered) next();
    }, next);
  };
}

/** Apollo's step before formatting: the code defaults to INTERNAL_SERVER_ERROR; `http` sets the status. */
function formatted200(error: GraphQLError): { status: number; formatted: ReturnType<GraphQLError['toJSON']> } {
  const { http, ...extensions } = error.extensions as { http?: { status?: number } } & Record<string, unknown>;
  const status = typeof http?.status === 'number' ? http.status : 200;
  return {
    status,
    formatted: { ...error.toJSON(), extensions: { ...extensions, code: extensions.code ?? 'INTERNAL_SERVER_ERROR' } },
  };
}
