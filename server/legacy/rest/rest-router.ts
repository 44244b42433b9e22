import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ApolloServer } from '@apollo/server';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import {
  Kind,
  parse,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type VariableDefinitionNode,
} from 'graphql';
import { UPLOAD_LIMITS } from '../../config.js';
import { callerRole, roleRefusal } from '../../common/auth/auth-checker.js';
import { rolesOfOperation } from '../../common/auth/field-roles.js';
import { bearerTokenOf } from '../../common/auth/tokens.js';
import type { Role } from '../../common/auth/role.js';
import { AppError, httpStatusOf } from '../../common/errors/app-error.js';
import { isMessageKey, translate } from '../../common/i18n/translate.js';
import { CommonError } from '../../common/errors/common.errors.js';
import { errorAnswer } from '../../common/errors/error-answer.js';
import { variablesTextProblem } from '../../common/errors/input-text.plugin.js';
import { variableCoercion } from '../../common/graphql-variables.js';
import { operationCostOf } from '../../common/graphql-cost.js';
import { GRAPHQL_COST_WEIGHTS } from '../../common/graphql-limits.js';
import { looksLikeApplicationKey, spendApplicationBudget } from '../../api-clients/index.js';
import { operationLabel, outcomeOf } from '../../common/metrics/graphql-metrics.plugin.js';
import { FORM_TYPE, formBody, PLAIN_FORM_TYPES } from '../../common/http/form-body.js';
import type { BodyLimitRule } from '../../common/http/body-bound.js';
import { sendJson } from '../../common/http/json-answer.js';
import { JSON_TYPE, jsonBody, PLAIN_JSON_TYPES } from '../../common/http/json-body.js';
import { closeAfterAnswer, multipartBoundaryOf } from '../../common/http/uploads.js';
import type { Route } from '../../common/http/request-router.js';
import type { AppContext, AppServices } from '../../context.js';
import { createContext } from '../../request-context.js';
import type { LegacyRequest } from '../legacy-values.js';
import type { RestFile, RestRoute } from './rest-route.js';
import { receiveUpload } from './rest-upload.js';

function legacyRequestOf(req: Request): LegacyRequest {
  const body: unknown = req.body;
  return {
    body: typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {},
    // Our paths have named parameters only; a wildcard's list of segments is no legacy field.
    params: Object.fromEntries(
      Object.entries(req.params).map(([name, value]) => [name, typeof value === 'string' ? value : undefined]),
    ),
    query: req.query,
  };
}

/**
 * The first body field that is neither text, a number, a flag nor a list: no legacy call takes an
 * object, and reading one as text (`String({ toString: 1 })`) would throw inside the mapping.
 */
function objectFieldOf(body: Record<string, unknown>): string | undefined {
  return Object.keys(body).find((name) => {
    const value = body[name];
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  });
}

/**
 * The row's legacy fields as GraphQL variables. A mapping is a pure function of the input, so one
 * that throws was given input it cannot read: that is the caller's 400, never a 500.
 */
function variablesOf(route: RestRoute, request: LegacyRequest): Record<string, unknown> | undefined {
  try {
    return { ...route.variables?.(request) };
  } catch {
    return undefined;
  }
}

/** The legacy `{ message: CODE }`; `text`, when given, is the message for people in their language. */
function sendLegacyError(res: Response, error: Pick<GraphQLFormattedError, 'extensions'>, text?: string): void {
  const code = typeof error.extensions?.code === 'string' ? error.extensions.code : 'INTERNAL_SERVER_ERROR';
  const retryAfter = error.extensions?.retryAfterSeconds;
  if (typeof retryAfter === 'number') res.set('Retry-After', String(retryAfter));
  sendJson(res, httpStatusOf(code), text === undefined ? { message: code } : { message: code, text });
}

/**
 * Streams a file answer. Opening it may refuse (an AppError, e.g. no export place free): that is a
 * legacy error with the text in the caller's language for the screen. A failure after the first byte
 * can only cut the connection: it is reset, so the client sees a broken download at once and the
 * kernel drops what the client never read.
 */
async function sendFile(res: Response, status: number, file: RestFile, context: AppContext): Promise<void> {
  let stream: Readable;
  try {
    stream = file.open(context);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const key = error.messageKey ?? error.definition.code;
    const text = isMessageKey(key) ? translate(context.language, key, error.params) : undefined;
    return sendLegacyError(res, error, text);
  }
  stream.once('error', () => {
    if (res.headersSent) res.socket?.resetAndDestroy();
  });
  res.status(status);
  res.attachment(file.fileName);
  res.type(file.contentType);
  res.set('Cache-Control', 'no-store');
  try {
    await pipeline(stream, res);
  } catch (error) {
    if (res.headersSent) {
      const code = (error as { code?: unknown }).code;
      // A client that went away or stopped reading (the socket's idle time) is not our failure.
      if (code !== 'ERR_STREAM_PREMATURE_CLOSE') context.log.warn({ err: error }, 'file answer interrupted');
      res.destroy();
    } else {
      throw error;
    }
  }
}

/** A legacy call refused before its body is read: the answer closes the connection. */
function refuseUpload(req: Request, res: Response, code: string): void {
  closeAfterAnswer(req, res);
  sendLegacyError(res, { extensions: { code } });
}

/** A row with what the router works out once: the metrics label of its operation and the roles that may upload. */
interface PreparedRoute {
  route: RestRoute;
  /** The operation's first root field, as the GraphQL metrics name it. */
  label: string;
  /** The roles that may run the operation (its root fields' rules). */
  roles: ReadonlySet<Role> | undefined;
  uploadRoles: ReadonlySet<Role> | undefined;
  /** The GraphQL cost of the row's operation: what a call with an application's key spends of its cost budget. */
  cost: number;
  /**
   * The variables as GraphQL coerces them for the operation, or undefined when GraphQL would refuse them or a
   * string among them cannot be taken (the GraphQL path then gives the refusal).
   */
  coerce: (variables: Record<string, unknown>) => Record<string, unknown> | undefined;
}

type OperationResult = { data: Record<string, unknown> } | { error: Pick<GraphQLFormattedError, 'extensions'> };

/**
 * The row's service called directly: its data, or its failure answered as GraphQL answers it (`errorAnswer`: the
 * same codes and statuses, unexpected failures logged and masked), and counted as GraphQL counts its operations.
 */
async function runDirectly(
  pending: Promise<Record<string, unknown>>,
  label: string,
  context: AppContext,
  services: AppServices,
): Promise<OperationResult> {
  try {
    const data = await pending;
    services.metrics.graphqlOperation(label, 'ok');
    return { data };
  } catch (error) {
    const formatted = errorAnswer(error, context);
    services.metrics.graphqlOperation(label, outcomeOf(formatted.extensions?.code));
    return { error: formatted };
  }
}

/** Whether the call presents an application's key (`Authorization: Bearer tvk_…`), valid or not. */
function applicationKeyIn(req: Request): boolean {
  const bearer = bearerTokenOf(req.get('authorization'));
  return bearer !== undefined && looksLikeApplicationKey(bearer);
}

/** Runs one row: map the legacy input (and file), execute the operation, map the result or the error. */
async function answer(
  prepared: PreparedRoute,
  req: Request,
  res: Response,
  apollo: ApolloServer<AppContext>,
  services: AppServices,
): Promise<void> {
  const { route, label, uploadRoles } = prepared;
  const request = legacyRequestOf(req);
  // Input is checked at the edge, before the caller, the rate limits or the operation see it.
  const objectField = objectFieldOf(request.body);
  const variables = objectField === undefined ? variablesOf(route, request) : undefined;
  if (!variables) {
    // A refusal at the edge is a call with the key all the same: it states (and spends) the budgets too.
    if (applicationKeyIn(req)) {
      const application = (await createContext(req, res, services)).viewer?.application;
      if (application) res.set((await spendApplicationBudget(services, application, 0)).headers);
    }
    if (objectField === undefined) {
      return sendLegacyError(res, { extensions: { code: CommonError.BAD_USER_INPUT.code } });
    }
    res.status(400).json({ message: CommonError.BAD_USER_INPUT.code, field: objectField });
    return;
  }
  const coerced = route.direct && prepared.coerce(variables);
  let context = await createContext(req, res, services, {
    technicianSessionInStatement: Boolean(coerced && route.checksTechnicianSession),
  });
  // A call with an application's key spends its budgets (and says what is left) before anything runs.
  const application = context.viewer?.application;
  if (application) {
    const outcome = await spendApplicationBudget(services, application, prepared.cost);
    res.set(outcome.headers);
    if (outcome.refusal) {
      const { messageKey, params } = outcome.refusal;
      return sendLegacyError(res, outcome.refusal, messageKey && translate(context.language, messageKey, params));
    }
  }
  // The operation's rule, by the one rule GraphQL checks: a caller it refuses goes through GraphQL for the refusal.
  // An application's key goes through GraphQL, where its scopes are checked field by field.
  const directly = (caller: AppContext) =>
    coerced && !caller.viewer?.application && !roleRefusal(callerRole(caller), prepared.roles)
      ? route.direct?.(caller, coerced)
      : undefined;
  let direct = directly(context);
  // A session left to a direct call that did not take it is checked as for any other call.
  if (!direct && context.technicianSession) {
    context = await createContext(req, res, services);
    direct = directly(context);
  }
  const result = direct
    ? await runDirectly(direct, label, context, services)
    : await execute(route, uploadRoles, variables, req, res, context, apollo);
  if (!result) return;
  if ('error' in result) return sendLegacyError(res, result.error);
  const { data } = result;
  const status = typeof route.status === 'function' ? route.status(data) : (route.status ?? 200);
  if (route.file) return sendFile(res, status, route.file(data, request), context);
  sendJson(res, status, route.respond(data, request, { brand: services.config.brand }));
}

/** The row's operation through Apollo (with its file, if the call carries one); undefined once the answer is sent. */
async function execute(
  route: RestRoute,
  uploadRoles: ReadonlySet<Role> | undefined,
  variables: Record<string, unknown>,
  req: Request,
  res: Response,
  context: AppContext,
  apollo: ApolloServer<AppContext>,
): Promise<OperationResult | undefined> {
  if (route.upload) {
    // The caller and the framing are checked before a byte of the file is read.
    const refusal = roleRefusal(context.viewer?.role, uploadRoles);
    if (refusal) {
      refuseUpload(req, res, refusal.code);
      return undefined;
    }
    if (req.is('multipart/form-data') && !multipartBoundaryOf(req.get('content-type'))) {
      refuseUpload(req, res, CommonError.UPLOAD_MALFORMED.code);
      return undefined;
    }
  }
  const received = route.upload ? receiveUpload(req, route.upload, UPLOAD_LIMITS) : undefined;
  if (route.upload && received) variables[route.upload.variable] = received.upload;
  let response;
  try {
    response = await apollo.executeOperation({ query: route.operation, variables }, { contextValue: context });
  } finally {
    if (received?.broken) closeAfterAnswer(req, res);
    else received?.discardRest();
  }
  if (response.body.kind !== 'single') throw new Error('The REST shim does not stream GraphQL responses');
  const { data, errors } = response.body.singleResult;
  return errors?.length ? { error: errors[0] } : { data: data ?? {} };
}

/** What the router works out once per row (its document was validated against the schema by the tests). */
function prepare(route: RestRoute, schema: GraphQLSchema): PreparedRoute {
  const operation = parse(route.operation).definitions.find(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  const definitions: readonly VariableDefinitionNode[] = operation?.variableDefinitions ?? [];
  const coerceVariables = variableCoercion(schema, definitions);
  const roles = rolesOfOperation(schema, route.operation);
  return {
    route,
    label: operationLabel(operation),
    roles,
    uploadRoles: route.upload ? roles : undefined,
    cost: operationCostOf(schema, parse(route.operation), undefined, GRAPHQL_COST_WEIGHTS),
    coerce: (variables) => {
      if (variablesTextProblem(variables)) return undefined;
      const values = coerceVariables(variables);
      return 'coerced' in values ? values.coerced : undefined;
    },
  };
}

const FORM_LIMIT = 100 * 1024;
const JSON_LIMIT = 1024 * 1024;
/** The legacy bodies: forms and JSON, with their limits. */
const FORM_BODY = formBody({ limit: FORM_LIMIT, parameterLimit: 100 });
const JSON_BODY = jsonBody({ limit: JSON_LIMIT });

/**
 * How large a body the legacy calls take (`bodyBound`): an upload call's file up to the upload limit, as multipart or
 * as one of its raw types; any other body on /api as much as the larger of the form and JSON readers takes.
 */
export function restBodyRules(routes: readonly RestRoute[], uploadLimit: number): BodyLimitRule[] {
  const uploads = routes.flatMap((route) =>
    route.upload
      ? [
          {
            path: route.path,
            methods: [route.method.toUpperCase()],
            limit: Math.max(FORM_LIMIT, JSON_LIMIT),
            files: { types: new Set(['multipart/form-data', ...route.upload.rawMediaTypes]), limit: uploadLimit },
          },
        ]
      : [],
  );
  return [...uploads, { path: '/api', below: true, limit: Math.max(FORM_LIMIT, JSON_LIMIT) }];
}

/** The one body reader a request's type asks for; the types the readers take directly are known without parsing. */
function bodyReaderOf(req: Request): RequestHandler | undefined {
  const type = req.headers['content-type']?.toLowerCase();
  if (type === undefined) return undefined;
  if (PLAIN_FORM_TYPES.has(type)) return FORM_BODY;
  if (PLAIN_JSON_TYPES.has(type)) return JSON_BODY;
  return req.is(FORM_TYPE) ? FORM_BODY : req.is(JSON_TYPE) ? JSON_BODY : undefined;
}

/**
 * The legacy calls, one route each: the XSRF check for a call that changes state, the one body reader its type asks
 * for, then the row.
 */
export function restRoutes(
  routes: readonly RestRoute[],
  schema: GraphQLSchema,
  apollo: ApolloServer<AppContext>,
  services: AppServices,
  protect: RequestHandler,
): Route[] {
  return routes.map((route) => {
    const prepared = prepare(route, schema);
    const handler: RequestHandler = (req, res, next) => {
      const run = (error?: unknown) => {
        if (error) return next(error);
        answer(prepared, req, res, apollo, services).catch(next);
      };
      if (req.method === 'GET' || req.method === 'HEAD') return run();
      protect(req, res, (refused?: unknown) => {
        if (refused) return next(refused);
        const body = bodyReaderOf(req);
        if (body) body(req, res, run);
        else run();
      });
    };
    return { method: route.method, path: route.path, handlers: [handler] };
  });
}

/** Any other path under /api: the legacy "not found", after the same XSRF check as the calls. */
export function restNotFound(protect: RequestHandler): Router {
  const router = Router();
  router.use('/api', protect, (_req, res) => {
    res.status(404).json({ message: 'NOT_FOUND' });
  });
  return router;
}
