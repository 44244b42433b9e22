import type { Request, RequestHandler, Response } from 'express';
import {
  getOperationAST,
  GraphQLError,
  OperationTypeNode,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import { createHandler } from 'graphql-sse/lib/use/express';
import type { AppConfig } from '../../config.js';
import type { AppContext } from '../../context.js';
import { formatError, isExpectedError } from '../errors/format-error.js';
import { localizeError } from '../errors/localize-errors.plugin.js';
import { translate, type MessageKey } from '../i18n/translate.js';
import { Language } from '../locale.js';
import { Role } from '../auth/role.js';
import type { Viewer } from '../auth/viewer.js';
import { StreamSlots } from '../stream-slots.js';
import { sharedEventSubscribe } from './shared-event-execution.js';

/** graphql-sse wants a context indexable by any key; the resolvers read it as the request's AppContext. */
type StreamContext = AppContext & Record<PropertyKey, unknown>;

/** How long a caller refused for want of room is told to wait (Retry-After, seconds). */
const RETRY_AFTER_SECONDS = 30;
/** Past its deadline a stream the feed did not end (a stuck write) is cut off this much later. */
const DEADLINE_GRACE_MS = 5_000;

export interface GraphQLStreamOptions {
  schema: GraphQLSchema;
  /** The same validation rules as the GraphQL endpoint (depth, aliases, cost). */
  validationRules: readonly ValidationRule[];
  maxTokens: number;
  limits: AppConfig['live'];
  contextOf(req: Request, res: Response): Promise<AppContext>;
}

export interface GraphQLStream {
  handler: RequestHandler;
  /** Open streams in this process. */
  readonly open: number;
  /**
   * Shutdown, after the feed ended its streams: waits up to `graceMs` for them to say "complete" and close,
   * then cuts whatever is still open.
   */
  closeAll(graceMs: number): Promise<void>;
}

/** Whose streams count together: the holder of one token's grant (a consumer's visits, a technician, an admin). */
function viewerKeyOf(viewer: Viewer): string {
  if (viewer.role === Role.CONSUMER) return `consumer:${[...viewer.orderIds].sort((a, b) => a - b).join(',')}`;
  if (viewer.role === Role.TECHNICIAN) return `technician:${viewer.technicianId}`;
  return `admin:${viewer.adminId}`;
}

function refuse(
  res: Response,
  status: number,
  code: string,
  language: Language,
  key: MessageKey,
  params: Record<string, number> = {},
) {
  if (status === 503 || status === 429) res.set('Retry-After', String(RETRY_AFTER_SECONDS));
  res.status(status).json({ errors: [{ message: translate(language, key, params), extensions: { code } }] });
}

/** An operation refused before it runs; graphql-sse recognises a result by its `data` (null here). */
const refused = (errors: readonly GraphQLError[]): ExecutionResult => ({ data: null, errors });

/** Only subscriptions travel here; queries and mutations keep to /graphql with its own limits. */
const onlySubscriptions: ValidationRule = (context) => ({
  OperationDefinition(node) {
    if (node.operation !== OperationTypeNode.SUBSCRIPTION) {
      context.reportError(
        new GraphQLError('Only subscriptions are served here; send queries and mutations to /graphql.', {
          nodes: [node],
        }),
      );
    }
  },
});

/**
 * GraphQL subscriptions over server-sent events (graphql-sse, its "distinct connections" mode: one
 * request per subscription, the answer is the stream). Anonymous callers are refused before anything is
 * held; each stream takes a place of the process (`LIVE_MAX_STREAMS`) and of its token holder
 * (`LIVE_MAX_STREAMS_PER_VIEWER`), refused at once when none is free. graphql-sse sends a comment every
 * 12 s, which keeps proxies and the server's idle timeout from closing a quiet stream. The reservation
 * mode (PUT) is not offered: a stream reserved but never opened would be kept for ever.
 */
export function graphqlStream(options: GraphQLStreamOptions): GraphQLStream {
  const { limits } = options;
  const slots = new StreamSlots(limits.maxStreams);
  const perViewer = new Map<string, number>();
  const openResponses = new Set<Response>();
  const contexts = new WeakMap<Request, StreamContext>();
  const rules = [...specifiedRules, ...options.validationRules, onlySubscriptions];
  /** The text each stream's operation was parsed from: streams that sent the same text share their answers. */
  const operationTexts = new WeakMap<DocumentNode, string>();

  const sse = createHandler<StreamContext>({
    schema: options.schema,
    // No token: only distinct connections (see above).
    authenticate: () => undefined,
    context: (req) => contexts.get(req.raw)!,
    // One execution per event for every stream of one operation and role (the answer depends on nothing else).
    subscribe: sharedEventSubscribe(({ document, operationName, variableValues, contextValue }) => {
      const text = operationTexts.get(document);
      const viewer = (contextValue as StreamContext | undefined)?.viewer;
      if (text === undefined || !viewer) return null;
      return JSON.stringify([viewer.role, operationName ?? null, variableValues ?? null, text]);
    }),
    onSubscribe: (req, params) => {
      const contextValue = contexts.get(req.raw)!;
      let document: DocumentNode;
      try {
        document = parse(params.query, { maxTokens: options.maxTokens });
      } catch (error) {
        return refused([error instanceof GraphQLError ? error : new GraphQLError('Unreadable operation.')]);
      }
      const errors = validate(options.schema, document, rules);
      if (errors.length > 0) return refused(errors);
      if (!getOperationAST(document, params.operationName)) {
        return refused([new GraphQLError('Name the operation to run.')]);
      }
      operationTexts.set(document, params.query);
      return {
        schema: options.schema,
        document,
        operationName: params.operationName,
        variableValues: params.variables,
        contextValue,
      };
    },
    // The same answers as /graphql: expected errors with their code in the caller's language, the rest masked.
    onNext: (ctx, _req, result) => {
      const { errors } = result as ExecutionResult;
      if (!errors?.length) return undefined;
      for (const error of errors) if (!isExpectedError(error)) ctx.log.error(error.originalError ?? error);
      const shown = errors.map((error) => {
        const formatted = localizeError(formatError(error.toJSON(), error), ctx.language);
        return new GraphQLError(formatted.message, { path: formatted.path, extensions: formatted.extensions });
      });
      return { ...(result as ExecutionResult), errors: shown };
    },
  });

  const handler: RequestHandler = (req, res, next) => {
    void (async () => {
      if (req.get('accept') !== 'text/event-stream') {
        res.set('Accept', 'text/event-stream');
        res.status(406).json({
          errors: [
            {
              message: 'Subscriptions are served as server-sent events: send Accept: text/event-stream.',
              extensions: { code: 'BAD_REQUEST' },
            },
          ],
        });
        return;
      }
      const ctx = await options.contextOf(req, res);
      if (!ctx.viewer) return refuse(res, 401, 'UNAUTHENTICATED', ctx.language, 'UNAUTHENTICATED');
      const viewerKey = viewerKeyOf(ctx.viewer);
      const held = perViewer.get(viewerKey) ?? 0;
      if (held >= limits.maxStreamsPerViewer) {
        return refuse(res, 429, 'LIVE_STREAMS_PER_VIEWER', ctx.language, 'LIVE_STREAMS_PER_VIEWER', {
          max: limits.maxStreamsPerViewer,
        });
      }
      const release = slots.tryTake();
      if (!release) {
        return refuse(res, 503, 'LIVE_STREAMS_BUSY', ctx.language, 'LIVE_STREAMS_BUSY', {
          seconds: RETRY_AFTER_SECONDS,
        });
      }
      perViewer.set(viewerKey, held + 1);
      openResponses.add(res);
      const backstop = setTimeout(() => res.destroy(), limits.streamDeadlineMs + DEADLINE_GRACE_MS);
      backstop.unref();
      res.once('close', () => {
        clearTimeout(backstop);
        openResponses.delete(res);
        release();
        const left = (perViewer.get(viewerKey) ?? 1) - 1;
        if (left > 0) perViewer.set(viewerKey, left);
        else perViewer.delete(viewerKey);
      });
      contexts.set(req, ctx as StreamContext);
      await sse(req, res);
    })().catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      next(error);
    });
  };

  return {
    handler,
    get open() {
      return slots.inUse;
    },
    async closeAll(graceMs) {
      const until = Date.now() + graceMs;
      while (openResponses.size > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
      for (const res of openResponses) res.destroy();
    },
  };
}
