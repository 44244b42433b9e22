import { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorRequestHandler, Express, NextFunction, Request, RequestHandler, Response } from 'express';
import { isThenable } from '../thenable.js';

/** A POST path whose handlers run ahead of express's router, in turn, as the router would run them. */
export interface HotRoute {
  path: string;
  handlers: readonly RequestHandler[];
}

/**
 * The classes an HTTP server makes its requests and answers from (`createServer`'s options), whose prototypes become
 * the app's request and response (`adopt`) once it is made: express switches the prototype of each request and answer
 * it handles, and that switch changes the object's shape every time, a thirtieth of a lookup's CPU. A hot route takes
 * messages made from these as they are; any other message still gets express's prototypes switched in.
 */
export function expressShapedMessages(): {
  IncomingMessage: typeof IncomingMessage;
  ServerResponse: typeof ServerResponse;
  adopt(app: Express): void;
} {
  class AppRequest extends IncomingMessage {}
  class AppResponse<Incoming extends IncomingMessage = IncomingMessage> extends ServerResponse<Incoming> {}
  return {
    IncomingMessage: AppRequest,
    ServerResponse: AppResponse,
    adopt(app) {
      Object.setPrototypeOf(AppRequest.prototype, app.request);
      Object.setPrototypeOf(AppResponse.prototype, app.response);
    },
  };
}

/** Whether `prototype` is on `value`'s chain (a message made from `expressShapedMessages`' classes). */
const isPrototypeOf = (prototype: object, value: object): boolean =>
  Object.prototype.isPrototypeOf.call(prototype, value);

/**
 * The busiest POSTs (the consumer's lookup, GraphQL) without express's router: for every request the router walks
 * its layers, matches each one's path and wraps each call, a twentieth of a lookup's CPU. A POST to exactly one of
 * `routes`' paths gets express's request and response methods as express gives them, and its handlers run in turn
 * with the router's contract: `next()` goes on, `next(error)`, a throw or a rejected promise goes to `onError`
 * (express's last error handler). Every other request goes to `app` untouched; the same handlers stay mounted there
 * for the spellings express also matches (another case, a trailing slash, a query string).
 */
export function hotRoutes(
  app: Express,
  routes: readonly HotRoute[],
  onError: ErrorRequestHandler,
): (req: IncomingMessage, res: ServerResponse) => void {
  // `route.path` as express's router leaves it on the request (the metrics label the request with it), made once.
  const byPath = new Map(
    routes.map((route) => [
      route.path,
      { handlers: route.handlers, expressRoute: Object.freeze({ path: route.path }) },
    ]),
  );
  return (incoming, outgoing) => {
    const route = incoming.method === 'POST' ? byPath.get(incoming.url ?? '') : undefined;
    if (!route) {
      app(incoming, outgoing);
      return;
    }
    const req = (
      isPrototypeOf(app.request, incoming) ? incoming : Object.setPrototypeOf(incoming, app.request)
    ) as Request;
    const res = (
      isPrototypeOf(app.response, outgoing) ? outgoing : Object.setPrototypeOf(outgoing, app.response)
    ) as Response;
    // Set one by one: no object made per request to copy them from.
    req.res = res;
    req.originalUrl = req.url;
    req.baseUrl = '';
    req.params = {};
    req.route = route.expressRoute;
    res.req = req;
    res.locals = Object.create(null) as Record<string, unknown>;
    // What express's final handler does with an error its handlers passed on: the connection cannot carry more.
    const unhandled = () => {
      if (res.headersSent) req.socket.destroy();
      else res.status(500).end();
    };
    let index = 0;
    const next: NextFunction = (error?: unknown) => {
      if (error !== undefined && error !== null) {
        onError(error, req, res, unhandled);
        return;
      }
      const handler = route.handlers[index++];
      if (!handler) {
        onError(Object.assign(new Error('No handler answered'), { status: 404 }), req, res, unhandled);
        return;
      }
      try {
        const result: unknown = handler(req, res, next);
        if (isThenable(result)) result.then(undefined, (reason: unknown) => next(reason ?? new Error('Rejected')));
      } catch (error) {
        next(error);
      }
    };
    next();
  };
}
