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
import type { Logger } from 'pino';
import type { AppConfig } from '../../config.js';
import type { AppContext, AppServices } from '../../context.js';
import {
  STAFF_SESSIONS_ENDED_TOPIC,
  staffAccountName,
  tokenSessionOf,
  type StaffAccountKind,
  type TokenSession,
} from '../auth/sessions.js';
import { AppError } from '../errors/app-error.js';
import { CommonError } from '../errors/common.errors.js';
import { errorAnswer } from '../errors/error-answer.js';
import { translate, type MessageKey } from '../i18n/translate.js';
import { Language } from '../locale.js';
import { StreamSlots } from '../stream-slots.js';
import { sharedEventSubscribe } from './shared-event-execution.js';

/** graphql-sse wants a context indexable by any key; the resolvers read it as the request's AppContext. */
type StreamContext = AppContext & Record<PropertyKey, unknown>;

/** How long a caller refused for want of room is told to wait (Retry-After, seconds). */
const RETRY_AFTER_SECONDS = 30;
/** Past its deadline (or its session's end) a stream that did not close (a stuck write) is cut off this much later. */
const DEADLINE_GRACE_MS = 5_000;
/** The longest delay a timer takes; a token that lives longer outlives the stream's deadline anyway. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface GraphQLStreamOptions {
  schema: GraphQLSchema;
  /** The same validation rules as the GraphQL endpoint (depth, aliases, cost). */
  validationRules: readonly ValidationRule[];
  maxTokens: number;
  limits: AppConfig['live'];
  /** Tokens to read each stream's session from, the clock of their expiry, the announcements that end sessions. */
  services: Pick<AppServices, 'tokens' | 'clock' | 'changes' | 'logger'>;
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

const DONE: IteratorResult<ExecutionResult> = { value: undefined, done: true };

/** The last answer of a stream whose session ended: the client signs in again (or looks its visits up anew). */
function sessionEnded(): ExecutionResult {
  return {
    data: null,
    errors: [new GraphQLError('The session ended.', { originalError: new AppError(CommonError.UNAUTHENTICATED) })],
  };
}

/** An answer for a failure inside: `onNext` logs it and shows it masked, like /graphql. */
function failed(error: unknown): ExecutionResult {
  const originalError = error instanceof Error ? error : new Error(String(error));
  return { data: null, errors: [new GraphQLError('Internal failure.', { originalError })] };
}

/**
 * One open stream as this process keeps it: its session, and its end when the session ends first (the token
 * expires, an announcement says the account's sessions ended). Ending hands its events one last answer
 * (UNAUTHENTICATED) after which graphql-sse says "complete" and closes; one that does not close is cut off.
 */
class OpenStream {
  /** The last answer, once the end is decided. */
  last: ExecutionResult | undefined;
  /** Wakes the events waiting for their next one, so the end is not held up until the next change. */
  wake: (() => void) | undefined;
  private cutOff: NodeJS.Timeout | undefined;

  constructor(
    readonly session: TokenSession,
    private readonly res: Response,
  ) {}

  end(): void {
    if (this.last) return;
    this.last = sessionEnded();
    this.wake?.();
    this.cutOff = setTimeout(() => this.res.destroy(), DEADLINE_GRACE_MS);
    this.cutOff.unref();
  }

  closed(): void {
    clearTimeout(this.cutOff);
  }
}

/**
 * The events of one stream, until its session ends (then one last answer) and never failing: a throw of the event
 * source or of its execution becomes an answer of its own (logged by `onNext`) and ends the stream, and letting go
 * of the source never rejects (graphql-sse calls `return` from a 'close' listener, where a rejection would be
 * unhandled and end the process).
 */
function eventsOf(
  source: AsyncIterator<ExecutionResult>,
  stream: OpenStream,
  log: Logger,
): AsyncIterableIterator<ExecutionResult> {
  let finished = false;
  const release = async () => {
    try {
      await source.return?.();
    } catch (error) {
      log.error({ err: error }, 'a live stream could not let go of its events');
    }
  };
  const finish = async (last: ExecutionResult): Promise<IteratorResult<ExecutionResult>> => {
    finished = true;
    await release();
    return { value: last, done: false };
  };
  const ended = Symbol('ended');
  return {
    async next() {
      if (finished) return DONE;
      if (stream.last) return finish(stream.last);
      let outcome: IteratorResult<ExecutionResult> | typeof ended;
      try {
        outcome = await new Promise<IteratorResult<ExecutionResult> | typeof ended>((resolve, reject) => {
          stream.wake = () => resolve(ended);
          source.next().then(resolve, reject);
        });
      } catch (error) {
        return finish(failed(error));
      } finally {
        stream.wake = undefined;
      }
      if (outcome === ended) return finish(stream.last ?? sessionEnded());
      if (outcome.done) finished = true;
      return outcome;
    },
    async return() {
      if (!finished) {
        finished = true;
        await release();
      }
      return DONE;
    },
    async throw() {
      return this.return!();
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

const isAsyncIterator = (value: object): value is AsyncIterableIterator<ExecutionResult> =>
  Symbol.asyncIterator in value;

/** Counts per key (a holder, an order): what is held, taken and given back. */
class Counts<K> {
  private readonly held = new Map<K, number>();

  of(key: K): number {
    return this.held.get(key) ?? 0;
  }

  take(key: K): void {
    this.held.set(key, this.of(key) + 1);
  }

  giveBack(key: K): void {
    const left = this.of(key) - 1;
    if (left > 0) this.held.set(key, left);
    else this.held.delete(key);
  }
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
 * held; each stream takes a place of the process (`LIVE_MAX_STREAMS`), of its token holder
 * (`LIVE_MAX_STREAMS_PER_VIEWER`: one consumer grant, a technician, an admin) and of each order a consumer's
 * token names (`LIVE_MAX_STREAMS_PER_ORDER`, over all grants), refused at once when none is free. A stream
 * ends with its session: at its token's expiry, and when any instance announces that the account's sessions
 * ended (deactivated, deleted, a new password). graphql-sse sends a comment every 12 s, which keeps proxies
 * and the server's idle timeout from closing a quiet stream. The reservation mode (PUT) is not offered: a
 * stream reserved but never opened would be kept for ever. A throw anywhere in a stream's path ends that
 * stream (logged), never the process.
 */
export function graphqlStream(options: GraphQLStreamOptions): GraphQLStream {
  const { limits, services } = options;
  const slots = new StreamSlots(limits.maxStreams);
  const perHolder = new Counts<string>();
  const perOrder = new Counts<number>();
  /** The open streams of each staff account a session depends on (`staffAccountName`). */
  const byAccount = new Map<string, Set<OpenStream>>();
  const openResponses = new Set<Response>();
  const contexts = new WeakMap<Request, StreamContext>();
  const streamOf = new WeakMap<object, OpenStream>();
  const rules = [...specifiedRules, ...options.validationRules, onlySubscriptions];
  /** The text each stream's operation was parsed from: streams that sent the same text share their answers. */
  const operationTexts = new WeakMap<DocumentNode, string>();

  // Every instance hears it (the one that made the change too): the account's streams here end at once.
  const unsubscribe = services.changes.subscribe(STAFF_SESSIONS_ENDED_TOPIC, (notice) => {
    const kind = notice.detail.account;
    if (kind !== 'admin' && kind !== 'technician') return;
    for (const id of notice.ids) {
      for (const stream of byAccount.get(staffAccountName(kind satisfies StaffAccountKind, id)) ?? []) stream.end();
    }
  });

  const watch = (stream: OpenStream) => {
    for (const account of stream.session.accounts) {
      let set = byAccount.get(account);
      if (!set) byAccount.set(account, (set = new Set()));
      set.add(stream);
    }
  };
  const unwatch = (stream: OpenStream) => {
    stream.closed();
    for (const account of stream.session.accounts) {
      const set = byAccount.get(account);
      if (set?.delete(stream) && set.size === 0) byAccount.delete(account);
    }
  };

  const sharedSubscribe = sharedEventSubscribe(({ document, operationName, variableValues, contextValue }) => {
    const text = operationTexts.get(document);
    const viewer = (contextValue as StreamContext | undefined)?.viewer;
    if (text === undefined || !viewer) return null;
    return JSON.stringify([viewer.role, operationName ?? null, variableValues ?? null, text]);
  });

  const sse = createHandler<StreamContext>({
    schema: options.schema,
    // No token: only distinct connections (see above).
    authenticate: () => undefined,
    context: (req) => contexts.get(req.raw)!,
    // One execution per event for every stream of one operation and role (the answer depends on nothing else),
    // each stream's events ending with its session.
    subscribe: async (args) => {
      const ctx = args.contextValue;
      let result: Awaited<ReturnType<typeof sharedSubscribe>>;
      try {
        result = await sharedSubscribe(args);
      } catch (error) {
        return failed(error);
      }
      const stream = streamOf.get(ctx);
      if (!isAsyncIterator(result) || !stream) return result;
      return eventsOf(result, stream, ctx.log);
    },
    onSubscribe: (req, params) => {
      try {
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
      } catch (error) {
        // Answered as a failure (onNext logs it): the stream says so and completes.
        return failed(error);
      }
    },
    // The same answers as /graphql: expected errors with their code in the caller's language, the rest masked.
    onNext: (ctx, _req, result) => {
      try {
        const { errors } = result as ExecutionResult;
        if (!errors?.length) return undefined;
        const shown = errors.map((error) => {
          const formatted = errorAnswer(error, ctx);
          return new GraphQLError(formatted.message, { path: formatted.path, extensions: formatted.extensions });
        });
        return { ...(result as ExecutionResult), errors: shown };
      } catch (error) {
        services.logger.error({ err: error }, 'a live stream could not format its answer');
        const message = translate(ctx.language, 'INTERNAL_SERVER_ERROR');
        return { data: null, errors: [new GraphQLError(message, { extensions: { code: 'INTERNAL_SERVER_ERROR' } })] };
      }
    },
  });

  const handler: RequestHandler = (req, res, next) => {
    let log: Logger = services.logger;
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
      // An answer that can no longer be written ends this stream, never the process (an unheard 'error' would).
      res.on('error', (error) => {
        log.warn({ err: error }, 'a live stream could not be written');
        res.destroy();
      });
      // Watched before the account is read (below): an end announced after that read reaches this stream.
      const session = tokenSessionOf(req.headers.authorization, services.tokens);
      const stream = session ? new OpenStream(session, res) : undefined;
      if (stream) {
        watch(stream);
        res.once('close', () => unwatch(stream));
      }
      const ctx = await options.contextOf(req, res);
      log = ctx.log;
      if (!ctx.viewer || !session || !stream) {
        return refuse(res, 401, 'UNAUTHENTICATED', ctx.language, 'UNAUTHENTICATED');
      }
      const { holder, orderIds } = session;
      if (perHolder.of(holder) >= limits.maxStreamsPerViewer) {
        return refuse(res, 429, 'LIVE_STREAMS_PER_VIEWER', ctx.language, 'LIVE_STREAMS_PER_VIEWER', {
          max: limits.maxStreamsPerViewer,
        });
      }
      if (orderIds.some((orderId) => perOrder.of(orderId) >= limits.maxStreamsPerOrder)) {
        return refuse(res, 429, 'LIVE_STREAMS_PER_ORDER', ctx.language, 'LIVE_STREAMS_PER_ORDER', {
          seconds: RETRY_AFTER_SECONDS,
        });
      }
      const release = slots.tryTake();
      if (!release) {
        return refuse(res, 503, 'LIVE_STREAMS_BUSY', ctx.language, 'LIVE_STREAMS_BUSY', {
          seconds: RETRY_AFTER_SECONDS,
        });
      }
      perHolder.take(holder);
      for (const orderId of orderIds) perOrder.take(orderId);
      openResponses.add(res);
      const backstop = setTimeout(() => res.destroy(), limits.streamDeadlineMs + DEADLINE_GRACE_MS);
      backstop.unref();
      // At the token's expiry, as /graphql would refuse it from then on (a later one outlives the deadline).
      const untilExpiry = session.expiresAtMs - services.clock.now().getTime();
      const expiry =
        untilExpiry < limits.streamDeadlineMs + DEADLINE_GRACE_MS
          ? setTimeout(() => stream.end(), Math.min(Math.max(untilExpiry, 0), MAX_TIMER_MS))
          : undefined;
      expiry?.unref();
      res.once('close', () => {
        clearTimeout(backstop);
        clearTimeout(expiry);
        openResponses.delete(res);
        release();
        perHolder.giveBack(holder);
        for (const orderId of orderIds) perOrder.giveBack(orderId);
      });
      contexts.set(req, ctx as StreamContext);
      streamOf.set(ctx, stream);
      await sse(req, res);
    })().catch((error: unknown) => {
      if (res.headersSent) {
        log.error({ err: error }, 'a live stream failed');
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
      unsubscribe();
      const until = Date.now() + graceMs;
      while (openResponses.size > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
      for (const res of openResponses) res.destroy();
    },
  };
}
