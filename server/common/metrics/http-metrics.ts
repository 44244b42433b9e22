import type { Request, RequestHandler, Response } from 'express';
import type { AppContext } from '../../context.js';
import { OTHER_ROUTE, type AppMetrics } from './app-metrics.js';

/** Where a handler that knows better than Express's route (GraphQL) leaves its label. */
const ROUTE_LABEL = 'metricsRoute';

/** Labels the request with `route` instead of Express's route pattern (e.g. a GraphQL operation). */
export function labelRoute(res: Response, route: string): void {
  (res.locals as Record<string, unknown>)[ROUTE_LABEL] = route;
}

/**
 * The route pattern that answered (`/api/admin/order/:id`), never the path itself: paths carry ids
 * and tokens, and every distinct path would be a new series. Unmatched paths share one value.
 */
function routeOf(req: Request, res: Response): string {
  const given = (res.locals as Record<string, unknown>)[ROUTE_LABEL];
  if (typeof given === 'string') return given;
  const path: unknown = (req.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? `${req.baseUrl}${path}` : OTHER_ROUTE;
}

/**
 * The answer a GraphQL request's context belongs to. Keyed by the context's entity manager, forked
 * per request: Apollo hands each operation a shallow copy of the context, so the context object
 * itself is not the one the plugin sees, its fields are.
 */
const responseOfRequest = new WeakMap<object, Response>();

/** Remembers which answer a GraphQL context belongs to, so its operation can label that request. */
export function withResponse(context: AppContext, res: Response): AppContext {
  responseOfRequest.set(context.em, res);
  return context;
}

/** Labels the /graphql request of `context` (none for the REST shim's operations: their route labels them). */
export function labelGraphqlRequest(context: AppContext, operation: string): void {
  const res = responseOfRequest.get(context.em);
  if (res) labelRoute(res, `graphql:${operation}`);
}

/** Counts and times every answer; first in the chain so the time includes all middleware. */
export function httpMetrics(metrics: AppMetrics): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.httpRequestAnswered(routeOf(req, res), req.method, res.statusCode, seconds);
    });
    next();
  };
}
