import type { ApolloServer } from '@apollo/server';
import express, { type Request, type Response, Router } from 'express';
import type { GraphQLFormattedError } from 'graphql';
import { httpStatusOf } from '../common/errors/app-error.js';
import { createContext, type AppContext, type AppServices } from '../context.js';
import type { LegacyRequest, RestRoute } from './rest-route.js';

function legacyRequestOf(req: Request): LegacyRequest {
  const body: unknown = req.body;
  return {
    body: typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {},
    params: req.params as Record<string, string | undefined>,
    query: req.query as Record<string, unknown>,
  };
}

function sendLegacyError(res: Response, error: GraphQLFormattedError): void {
  const code = typeof error.extensions?.code === 'string' ? error.extensions.code : 'INTERNAL_SERVER_ERROR';
  const retryAfter = error.extensions?.retryAfterSeconds;
  if (typeof retryAfter === 'number') res.set('Retry-After', String(retryAfter));
  res.status(httpStatusOf(code)).json({ message: code });
}

/** Runs one row: map the legacy input, execute the operation, map the result or the error. */
async function answer(
  route: RestRoute,
  req: Request,
  res: Response,
  apollo: ApolloServer<AppContext>,
  services: AppServices,
): Promise<void> {
  const request = legacyRequestOf(req);
  const response = await apollo.executeOperation(
    { query: route.operation, variables: route.variables?.(request) ?? {} },
    { contextValue: await createContext(req, services) },
  );
  if (response.body.kind !== 'single') throw new Error('The REST shim does not stream responses');
  const { data, errors } = response.body.singleResult;
  if (errors?.length) return sendLegacyError(res, errors[0]);
  res.status(route.status ?? 200).json(route.respond(data ?? {}, request, { brand: services.config.brand }));
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
