import { pipeline } from 'node:stream/promises';
import type { ApolloServer } from '@apollo/server';
import express, { type Request, type Response, Router } from 'express';
import type { GraphQLFormattedError } from 'graphql';
import { UPLOAD_LIMITS } from '../config.js';
import { httpStatusOf } from '../common/errors/app-error.js';
import { createContext, type AppContext, type AppServices } from '../context.js';
import type { LegacyRequest, RestFile, RestRoute } from './rest-route.js';
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

function sendLegacyError(res: Response, error: GraphQLFormattedError): void {
  const code = typeof error.extensions?.code === 'string' ? error.extensions.code : 'INTERNAL_SERVER_ERROR';
  const retryAfter = error.extensions?.retryAfterSeconds;
  if (typeof retryAfter === 'number') res.set('Retry-After', String(retryAfter));
  res.status(httpStatusOf(code)).json({ message: code });
}

/** Streams a file answer; a failure after the first byte can only cut the connection. */
async function sendFile(res: Response, status: number, file: RestFile, context: AppContext): Promise<void> {
  res.status(status);
  res.attachment(file.fileName);
  res.type(file.contentType);
  res.set('Cache-Control', 'no-store');
  try {
    await pipeline(file.open(context), res);
  } catch (error) {
    if (res.headersSent) {
      context.log.error({ err: error }, 'file answer interrupted');
      res.destroy();
    } else {
      throw error;
    }
  }
}

/** Runs one row: map the legacy input (and file), execute the operation, map the result or the error. */
async function answer(
  route: RestRoute,
  req: Request,
  res: Response,
  apollo: ApolloServer<AppContext>,
  services: AppServices,
): Promise<void> {
  const request = legacyRequestOf(req);
  const context = await createContext(req, services);
  const received = route.upload ? receiveUpload(req, route.upload, UPLOAD_LIMITS) : undefined;
  const variables = { ...route.variables?.(request) };
  if (route.upload && received) variables[route.upload.variable] = received.upload;
  let response;
  try {
    response = await apollo.executeOperation({ query: route.operation, variables }, { contextValue: context });
  } finally {
    received?.discardRest();
  }
  if (response.body.kind !== 'single') throw new Error('The REST shim does not stream GraphQL responses');
  const { data, errors } = response.body.singleResult;
  if (errors?.length) return sendLegacyError(res, errors[0]);
  const status = typeof route.status === 'function' ? route.status(data ?? {}) : (route.status ?? 200);
  if (route.file) return sendFile(res, status, route.file(data ?? {}, request), context);
  res.status(status).json(route.respond(data ?? {}, request, { brand: services.config.brand }));
}

export function createRestRouter(
  routes: readonly RestRoute[],
  apollo: ApolloServer<AppContext>,
  services: AppServices,
): Router {
  const router = Router();
  router.use('/api', express.urlencoded({ extended: false, limit: '100kb', parameterLimit: 100 }));
  router.use('/api', express.json({ limit: '1mb' }));
  for (const route of routes) {
    router[route.method](route.path, (req, res, next) => {
      answer(route, req, res, apollo, services).catch(next);
    });
  }
  router.use('/api', (_req, res) => {
    res.status(404).json({ message: 'NOT_FOUND' });
  });
  return router;
}
