import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import express, {
  type ErrorRequestHandler,
  type Express,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import { UPLOAD_ADMISSION, UPLOAD_LIMITS } from './config.js';
import { applicationBudgetPlugin, idempotentWritesPlugin, spendApplicationBudget } from './api-clients/index.js';
import { operationCostOf } from './common/graphql-cost.js';
import { rolesThatUpload } from './common/auth/field-roles.js';
import { formatError } from './common/errors/format-error.js';
import { GRAPHQL_COST_WEIGHTS, GRAPHQL_LIMITS, graphqlArmor, graphqlValidationRules } from './common/graphql-limits.js';
import { localizeErrorsPlugin } from './common/errors/localize-errors.plugin.js';
import { inputTextPlugin } from './common/errors/input-text.plugin.js';
import { graphqlDirect } from './common/http/graphql-direct.js';
import { graphqlStream, type GraphQLStream } from './common/http/graphql-stream.js';
import { graphqlUploads } from './common/http/graphql-uploads.js';
import { UploadAdmission } from './common/http/upload-admission.js';
import { Role } from './common/auth/role.js';
import { requestRouter } from './common/http/request-router.js';
import { answerTooLarge, bodyBound } from './common/http/body-bound.js';
import { JSON_TYPE, jsonBody } from './common/http/json-body.js';
import { uploadBodyLimit } from './common/http/uploads.js';
import { requestEdge } from './common/http/request-edge.js';
import { securityHeaderPreset, writeSecurityHeaders } from './common/http/security-headers.js';
import { staticClient } from './common/http/static-client.js';
import { graphqlMetricsPlugin } from './common/metrics/graphql-metrics.plugin.js';
import { labelRoute, withResponse } from './common/metrics/http-metrics.js';
import { metricsOnMainPort } from './common/metrics/metrics-endpoint.js';
import { createXsrf } from './common/http/xsrf.js';
import { ONE_CLICK_BODY_RULE, oneClickUnsubscribeRouter } from './consumer-links/one-click-unsubscribe.js';
import { lookUpVisitsField } from './consumers/lookup.js';
import { technicianScheduleField } from './planner/index.js';
import type { AppContext, AppServices } from './context.js';
import { createContext, requestViewer } from './request-context.js';
import { restBodyRules, restNotFound, restRoutes } from './legacy/rest/rest-router.js';
import { REST_ROUTES } from './legacy/routes.js';
import { buildAppSchema } from './schema.js';
import { mailOpenPixelRouter } from './statistics/mail-open-pixel.js';
import { INBOUND_SMS_BODY_RULE, inboundSmsRouter } from './sms-replies/index.js';
import { visitFileRouter } from './visit-records/index.js';
import { apiDocsRouter } from './system/api-docs.js';
import { healthRouter, type Lifecycle } from './system/health.js';
import { translate } from './common/i18n/translate.js';
import { languageFromRequest } from './common/locale.js';
import { CommonError } from './common/errors/common.errors.js';

/** GraphQL's JSON bodies (queries, mutations and their variables; files come as multipart). */
const GRAPHQL_BODY_LIMIT = 1024 * 1024;
/** A subscription's operation. */
const STREAM_BODY_LIMIT = 100 * 1024;
/**
 * Every other route reads no body: a few kB a client sends anyway (an empty form or object) still get the route's
 * own answer, anything larger is refused unread.
 */
const NO_BODY_LIMIT = 16 * 1024;

export interface ComposedApp {
  app: Express;
  /** What the HTTP server runs for each request: the API's routes (see requestRouter), the rest through `app`. */
  handle: (req: IncomingMessage, res: ServerResponse) => void;
  /** The same for a request that waits for "100 Continue" before sending its body (the HTTP server's `checkContinue`). */
  handleExpectingContinue: (req: IncomingMessage, res: ServerResponse) => void;
  apollo: ApolloServer<AppContext>;
  /** The subscriptions' event streams (closed first on shutdown). */
  streams: GraphQLStream;
}

/** Bad bodies and unexpected failures outside GraphQL: a code, never a stack trace. */
const lastResort: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) return next(error);
  const status = (error as { status?: number }).status ?? (error as { statusCode?: number }).statusCode ?? 500;
  if (status >= 500) req.log?.error({ err: error }, 'request failed');
  // A body refused for its size was not read to its end: the connection closes after the answer instead.
  if (status === 413) res.set('Connection', 'close');
  const code =
    status === 413
      ? 'PAYLOAD_TOO_LARGE'
      : status === 403
        ? 'FORBIDDEN'
        : status < 500
          ? 'BAD_USER_INPUT'
          : 'INTERNAL_SERVER_ERROR';
  res.status(status < 400 || status > 599 ? 500 : status).json({ message: code });
};

/**
 * graphql-sse reads the body itself, whole and without a limit, when its type merely contains "application/json"
 * and nothing parsed it before: only a JSON body, which express.json parses within its limit, goes on to it.
 */
const streamBodyIsJson: RequestHandler = (req, res, next) => {
  // No body (a GET, whose operation is in the URL, or an empty one): nothing to read, graphql-sse answers it.
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length']) > 0;
  if (!hasBody || req.is(JSON_TYPE)) return next();
  const language = languageFromRequest(req.get('host'), req.get('accept-language'));
  const { code } = CommonError.UNSUPPORTED_MEDIA_TYPE;
  res.set('Connection', 'close');
  res.status(CommonError.UNSUPPORTED_MEDIA_TYPE.httpStatus).json({
    errors: [{ message: translate(language, code), extensions: { code } }],
  });
};

/** express + Apollo + the REST shim + the built client, on one port. */
export async function composeApp(services: AppServices, lifecycle: Lifecycle): Promise<ComposedApp> {
  const { config } = services;
  const schema = await buildAppSchema();
  const armor = graphqlArmor();
  const apollo = new ApolloServer<AppContext>({
    schema,
    validationRules: graphqlValidationRules(armor),
    parseOptions: { maxTokens: GRAPHQL_LIMITS.maxTokens },
    // One operation per request: batching would multiply every other limit.
    allowBatchedHttpRequests: false,
    introspection: config.env !== 'production',
    csrfPrevention: true,
    // main.ts owns SIGTERM/SIGINT; Apollo would otherwise stop on its own and re-raise the signal.
    stopOnTerminationSignals: false,
    hideSchemaDetailsFromClientErrors: true,
    includeStacktraceInErrorResponses: false,
    formatError,
    logger: services.logger,
    plugins: [
      ...(armor.plugins as ApolloServerPlugin<AppContext>[]),
      localizeErrorsPlugin,
      inputTextPlugin,
      graphqlMetricsPlugin(services.metrics),
      // An application's key: its budgets counted, then a write with an Idempotency-Key done once.
      applicationBudgetPlugin((schema, document, name) =>
        operationCostOf(schema, document, name, GRAPHQL_COST_WEIGHTS),
      ),
      idempotentWritesPlugin,
      ApolloServerPluginLandingPageDisabled(),
      // No field carries a cache hint, so its answer was always "no-store" (set by the chain below); its hook ran
      // for every field of every answer, a tenth of a thirty-order schedule's CPU.
      ApolloServerPluginCacheControlDisabled(),
    ],
  });
  await apollo.start();

  const app = express();
  app.disable('x-powered-by');
  // Answers of the API are personal and "no-store": an ETag (a hash of every body) would never be asked for again.
  // The client's assets keep theirs (the static handler makes its own); index.html revalidates by Last-Modified.
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);
  const headers = securityHeaderPreset();
  const xsrf = createXsrf(config.jwtSecret);
  const edge = requestEdge({ logger: services.logger, metrics: services.metrics, headers });
  const contextOf = async (req: Request, res: Response, technicianSessionInStatement = false) =>
    withResponse(await createContext(req, res, services, { technicianSessionInStatement }), res);
  // The busiest public operations (the lookup, the technician's schedule) without Apollo's pipeline.
  const direct = graphqlDirect({
    schema,
    fields: [lookUpVisitsField, technicianScheduleField],
    validationRules: graphqlValidationRules(armor),
    maxTokens: GRAPHQL_LIMITS.maxTokens,
    metrics: services.metrics,
    contextOf,
  });
  // The GraphQL endpoint, for every caller and method.
  const graphql: RequestHandler[] = [
    (_req, res, next) => {
      // Refused before Apollo (XSRF, body, upload): the operation is not known yet.
      labelRoute(res, '/graphql');
      // Answers name people and their visits: never kept by a browser or a proxy.
      res.setHeader('Cache-Control', 'no-store');
      next();
    },
    xsrf.protect,
    // JSON bodies: the common case read directly, anything else by body-parser (up to 1 MB either way).
    jsonBody({ limit: GRAPHQL_BODY_LIMIT }),
    direct,
    graphqlUploads({
      limits: UPLOAD_LIMITS,
      rolesThatUpload: rolesThatUpload(schema),
      viewerOf: (req) => requestViewer(req, services),
      // The technicians' photos and signatures are held whole until encoded; an admin's import streams its rows.
      admission: { room: new UploadAdmission(UPLOAD_ADMISSION), roles: new Set([Role.TECHNICIAN]) },
    }),
    expressMiddleware(apollo, { context: ({ req, res }) => contextOf(req, res) }),
  ];

  // What the API's routes do not answer.
  app.use(healthRouter(services.orm, lifecycle));
  app.get('/metrics', metricsOnMainPort(services.metrics, config.metrics.token));
  // Subscriptions over server-sent events.
  const streams = graphqlStream({
    schema,
    validationRules: graphqlValidationRules(graphqlArmor()),
    maxTokens: GRAPHQL_LIMITS.maxTokens,
    limits: config.live,
    services,
    contextOf: async (req, res) => {
      const context = await createContext(req, res, services);
      // No subscription is open to an application's key, but its refusal states and spends the budgets too.
      const application = context.viewer?.application;
      if (application) res.set((await spendApplicationBudget(services, application, 0)).headers);
      return context;
    },
  });
  app.use(
    '/graphql/stream',
    (_req, res, next) => {
      labelRoute(res, '/graphql/stream');
      next();
    },
    xsrf.protect,
    streamBodyIsJson,
    express.json({ limit: STREAM_BODY_LIMIT }),
    streams.handler,
  );
  app.use(mailOpenPixelRouter(services));
  // Photos and signatures of visits, by signed link (the GraphQL fields that give the links check the roles).
  app.use(visitFileRouter(services));
  // Outside the XSRF check on purpose: mail providers POST it without cookies (RFC 8058); the signed link authorises it.
  app.use(oneClickUnsubscribeRouter(services));
  app.use(inboundSmsRouter(services, (req, res) => createContext(req, res, services)));
  app.use(restNotFound(xsrf.protect));
  app.use(apiDocsRouter(REST_ROUTES, schema));
  app.use(staticClient(config.clientDir, xsrf.issue, { serveSourceMaps: config.env !== 'production' }));
  app.use(lastResort);
  // GraphQL and the legacy calls, each route mounted once; every other request goes on to `app`.
  const routed = requestRouter(
    app,
    [
      { method: 'all', path: '/graphql', handlers: graphql },
      ...restRoutes(REST_ROUTES, schema, apollo, services, xsrf.protect),
    ],
    lastResort,
  );
  // Every body bounded by its route's limit before any of the above reads it (see bodyBound), whatever its type.
  const uploadLimit = uploadBodyLimit(UPLOAD_LIMITS);
  const bounded = bodyBound({
    rules: [
      { path: '/graphql/stream', below: true, limit: STREAM_BODY_LIMIT },
      {
        path: '/graphql',
        below: true,
        limit: GRAPHQL_BODY_LIMIT,
        files: { types: new Set(['multipart/form-data']), limit: uploadLimit },
      },
      ...restBodyRules(REST_ROUTES, uploadLimit),
      ONE_CLICK_BODY_RULE,
      INBOUND_SMS_BODY_RULE,
    ],
    otherwise: NO_BODY_LIMIT,
    refuse: (req, res, { route }) => {
      const started = process.hrtime.bigint();
      res.on('finish', () => {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        services.metrics.httpRequestAnswered(route, req.method ?? 'GET', 413, seconds);
      });
      services.logger.info({ method: req.method, route, length: req.headers['content-length'] }, 'body over its limit');
      writeSecurityHeaders(res, headers);
      answerTooLarge(req, res);
    },
  });
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    services.backgroundHeadroom.requestArrived();
    if (!bounded(req, res)) return;
    edge(req, res);
    routed(req, res);
  };
  // A client that asks before sending (`Expect: 100-continue`) is told to go on only when its body is within the
  // limit: Node would otherwise say "continue" before any check, and the body would already be on its way.
  const handleExpectingContinue = (req: IncomingMessage, res: ServerResponse) => {
    services.backgroundHeadroom.requestArrived();
    if (!bounded(req, res)) return;
    res.writeContinue();
    edge(req, res);
    routed(req, res);
  };
  return { app, handle, handleExpectingContinue, apollo, streams };
}
