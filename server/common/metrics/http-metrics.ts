import type { Request, RequestHandler, Response } from 'express';
import type { AppContext } from '../../context.js';
import { msSinceArrival } from '../http/answer-timing.js';
import { OTHER_ROUTE, type AppMetrics } from './app-metrics.js';

/** Where a handler that knows better than Express's route (GraphQL) leaves its label. */
const ROUTE_LABEL = 'metricsRoute';

/** Labels the request with `route` instead of Express's route pattern (e.g. a GraphQL operation). */
export function labelRoute(res: Response, route: string): void {
  (res.locals as Record<string, unknown>)[ROUTE_LABEL] = route;
}

const sharedLabels = new Map<string, Readonly<Record<string, unknown>>>();

/**
 * Gives an answer that stays open for long (a live stream) one locals object shared by every answer of its route,
 * with its label only: its own would be kept for as long as it is open. Nothing may be added to its locals after.
 */
export function shareRouteLabel(res: Response): void {
  const route = (res.locals as Record<string, unknown>)[ROUTE_LABEL];
  if (typeof route !== 'string') return;
  let locals = sharedLabels.get(route);
  if (!locals) sharedLabels.set(route, (locals = Object.freeze({ [ROUTE_LABEL]: route })));
  res.locals = locals;
}

/**
 * The route pattern that answered (`/api/admin/order/:id`), never the path itself: paths carry ids
 * and tokens, and every distinct path would be a new series. Unmatched paths share one value.
 */
function routeOf(req: Request, res: Response): string {
  const given = (res.locals as Record<string, unknown> | undefined)?.[ROUTE_LABEL];
  if (typeof given === 'string') return given;
  const path: unknown = (req.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? `${req.baseUrl}${path}` : OTHER_ROUTE;
}

/**
 * The answer a GraphQL request's context belongs to, on the context under a key of this module: Apollo runs each
 * operation on a shallow copy of the context (`Object.assign`, which copies symbol keys too), so the copy knows it.
 * A WeakMap from the context to its answer cost a fourteenth of a GraphQL lookup's CPU: each entry's key is young
 * and its table old, and every young collection had to work through the entries of the requests in flight.
 */
const RESPONSE = Symbol('response of the request');

/** Remembers which answer a GraphQL context belongs to, so its operation can label that request. */
export function withResponse(context: AppContext, res: Response): AppContext {
  (context as AppContext & { [RESPONSE]?: Response })[RESPONSE] = res;
  return context;
}

/** Labels the /graphql request of `context` (none for the REST shim's operations: their route labels them). */
export function labelGraphqlRequest(context: AppContext, operation: string): void {
  const res = (context as AppContext & { [RESPONSE]?: Response })[RESPONSE];
  if (res) labelRoute(res, `graphql:${operation}`);
}

/**
 * Counts and times every answer (from its arrival, noted by the request's edge before anything else runs). One
 * listener for every answer: 'finish' comes at most once, so `on` spares the wrapper `once` makes.
 */
export function httpMetrics(metrics: AppMetrics): RequestHandler {
  function answered(this: Response): void {
    const { req } = this;
    metrics.httpRequestAnswered(routeOf(req, this), req.method, this.statusCode, msSinceArrival(this) / 1000);
  }
  return (_req, res, next) => {
    res.on('finish', answered);
    next();
  };
}
