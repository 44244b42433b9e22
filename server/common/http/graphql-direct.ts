import type { Request, RequestHandler, Response } from 'express';
import {
  getArgumentValues,
  GraphQLError,
  locatedError,
  specifiedRules,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import type { AppContext } from '../../context.js';
import { callerRole, roleRefusal } from '../auth/auth-checker.js';
import { errorAnswer } from '../errors/error-answer.js';
import { variablesTextProblem } from '../errors/input-text.plugin.js';
import type { AppMetrics } from '../metrics/app-metrics.js';
import { outcomeOf } from '../metrics/graphql-metrics.plugin.js';
import { labelGraphqlRequest } from '../metrics/http-metrics.js';
import { completeAnswer, planDocument, type DirectRootField, type DocumentPlan } from './graphql-direct-plan.js';

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
    const plan = planDocument(query, { schema, fields: options.fields, rules, maxTokens: options.maxTokens });
    if (plans.size >= REMEMBERED_DOCUMENTS) plans.clear();
    plans.set(query, plan ?? null);
    return plan;
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
    const coerced = plan.coerceVariables(variables);
    if (!('coerced' in coerced)) return false;
    const args = getArgumentValues(plan.rootField, plan.rootNode, coerced.coerced);
    let context = await options.contextOf(req, res, Boolean(plan.root.checksTechnicianSession));
    // An application's key goes on to Apollo, whose pipeline counts the call against its budgets and states them in
    // the RateLimit headers of every answer to it.
    if (context.viewer?.application) return false;
    // The root field's rule, by the one rule GraphQL checks: a caller it refuses goes on to Apollo for the refusal.
    if (roleRefusal(callerRole(context), plan.roles)) return false;
    let pending = plan.resolve(context, args);
    // A session left to a field that did not take it is checked as for any other request.
    if (!pending && context.technicianSession) {
      context = await options.contextOf(req, res, false);
      pending = plan.resolve(context, args);
    }
    if (!pending) return false;
    const label = plan.rootNode.name.value;
    labelGraphqlRequest(context, label);
    try {
      const value = await pending;
      const data = await completeAnswer(value, plan.plan, context);
      metrics.graphqlOperation(label, 'ok');
      send(res, 200, mediaType, { data: { [plan.plan.responseKey]: data } });
    } catch (error) {
      const { status, located } = asApolloHandsOn(locatedError(error, [plan.rootNode], [plan.plan.responseKey]));
      const answer = errorAnswer(located, context);
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

/**
 * The error as Apollo hands it on to be formatted: the answer's status it asks for (`extensions.http`, 200 otherwise)
 * taken out of its extensions, and the code INTERNAL_SERVER_ERROR where it has none.
 */
function asApolloHandsOn(error: GraphQLError): { status: number; located: GraphQLError } {
  const { http, ...extensions } = error.extensions as { http?: { status?: unknown } } & Record<string, unknown>;
  const located = new GraphQLError(error.message, {
    nodes: error.nodes,
    path: error.path,
    originalError: error.originalError,
    extensions: { ...extensions, code: extensions.code ?? 'INTERNAL_SERVER_ERROR' },
  });
  return { status: typeof http?.status === 'number' ? http.status : 200, located };
}
