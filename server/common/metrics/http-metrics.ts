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
 * The answer a GraphQL request's context belongs to, keyed by the context's cookies: Apollo runs each operation on a
 * shallow copy of the context, so the key is a field the copy shares, made once per request and free to read (the
 * entity manager is forked when first read).
 */
const responseOfRequest = new WeakMap<object, Response>();

/** Remembers which answer a GraphQL context belongs to, so its operation can label that request. */
export function withResponse(context: AppContext, res: Response): AppContext {
  if (context.cookies) responseOfRequest.set(context.cookies, res);
  return context;
}

/** Labels the /graphql request of `context` (none for the REST shim's operations: their route labels them). */
export function labelGraphqlRequest(context: AppContext, operation: string): void {
  const res = context.cookies && responseOfRequest.get(context.cookies);
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
