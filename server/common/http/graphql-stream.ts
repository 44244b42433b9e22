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
import type { Viewer } from '../auth/viewer.js';
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
import { isPushSource, type PushReader } from '../events/push-source.js';
import { translate, type MessageKey } from '../i18n/translate.js';
import { Country, Language } from '../locale.js';
import { shareRouteLabel } from '../metrics/http-metrics.js';
import { Deadlines, type Deadline } from '../time/deadlines.js';
import { forgetSentHead } from './sent-head.js';
import { sharedEventSubscribe, type SharedEvents, type SharedOperation } from './shared-event-execution.js';

/** graphql-sse wants a context indexable by any key; the resolvers read it as the request's AppContext. */
type StreamContext = AppContext & Record<PropertyKey, unknown>;

/** How long a caller refused for want of room is told to wait (Retry-After, seconds). */
const RETRY_AFTER_SECONDS = 30;
/** Past its deadline (or its session's end) a stream that did not close (a stuck write) is cut off this much later. */
const DEADLINE_GRACE_MS = 5_000;
/** A comment every 12 s keeps proxies and the server's idle timeout from closing a quiet stream (as graphql-sse). */
const PING_MS = 12_000;
const PING = ':\n\n';
const COMPLETE = 'event: complete\ndata:\n\n';
/** graphql-sse's answer to a stream it accepts, and its message format (its browser client reads these). */
const SSE_HEADERS = {
  connection: 'keep-alive',
  'cache-control': 'no-cache',
  'content-encoding': 'none',
  'content-type': 'text/event-stream; charset=utf-8',
};
const nextMessage = (result: ExecutionResult) => `event: next\ndata: ${JSON.stringify(result)}\n\n`;
/** Parsed and validated operations by their text: every consumer's page sends the same one. */
const MAX_PREPARED = 200;

export interface GraphQLStreamOptions {
  schema: GraphQLSchema;
  /** The same validation rules as the GraphQL endpoint (depth, aliases, cost). */
  validationRules: readonly ValidationRule[];
  maxTokens: number;
  limits: AppConfig['live'];
  /**
   * Tokens to read each stream's session from, the clock of their expiry, the announcements that end sessions, and
   * what the fields of its events use.
   */
  services: AppServices;
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

/** The same answers as /graphql: expected errors with their code in the caller's language, the rest masked. */
function shown(result: ExecutionResult, caller: Caller, logger: Logger): ExecutionResult {
  try {
    const { errors } = result;
    if (!errors?.length) return result;
    return {
      ...result,
      errors: errors.map((error) => {
        const formatted = errorAnswer(error, caller);
        return new GraphQLError(formatted.message, { path: formatted.path, extensions: formatted.extensions });
      }),
    };
  } catch (error) {
    logger.error({ err: error }, 'a live stream could not format its answer');
    const message = translate(caller.language, 'INTERNAL_SERVER_ERROR');
    return { data: null, errors: [new GraphQLError(message, { extensions: { code: 'INTERNAL_SERVER_ERROR' } })] };
  }
}

/** What a stream's answers are formatted for: the caller's language, and its log for failures. */
interface Caller {
  language: Language;
  readonly log: Logger;
}

/** What every stream of one handler shares; a stream holds a reference to it, nothing of it copied. */
class StreamRoom {
  /** Streams holding places (`LIVE_MAX_STREAMS`). */
  placed = 0;
  readonly perHolder = new Counts<string>();
  readonly perOrder = new Counts<number>();
  /** The open streams of each staff account a session depends on (`staffAccountName`). */
  readonly byAccount = new Map<string, Set<OpenStream>>();
  /** Streams holding places: the heartbeat's (once serving) and the shutdown's. */
  readonly accepted = new Set<OpenStream>();
  /** Every stream's cut-off, session end and token expiry, on one timer each. */
  readonly cutOffs = new Deadlines<Response>();
  readonly sessionEnds = new Deadlines<OpenStream>();
  /** One beat for every serving stream; a stream that cannot keep up misses it (its socket has bytes to send anyway). */
  readonly heartbeat: NodeJS.Timeout;

  constructor(readonly services: AppServices) {
    this.heartbeat = setInterval(() => {
      for (const stream of this.accepted) stream.beat();
    }, PING_MS);
    this.heartbeat.unref();
  }

  watch(stream: OpenStream, session: TokenSession): void {
    for (const account of session.accounts) {
      let set = this.byAccount.get(account);
      if (!set) this.byAccount.set(account, (set = new Set()));
      set.add(stream);
    }
  }

  unwatch(stream: OpenStream, session: TokenSession): void {
    for (const account of session.accounts) {
      const set = this.byAccount.get(account);
      if (set?.delete(stream) && set.size === 0) this.byAccount.delete(account);
    }
  }
}

/**
 * One stream as this process keeps it, from its request to its close, in one object with no closure of its own
 * (thousands are open at once; docs/decisions/live.md): its places, its session and its end when the session ends
 * first (the token expires, an announcement says the account's sessions ended), and once accepted the writer of its
 * answers: each event of its source executed (shared with every stream of the same operation and role), formatted
 * and written as graphql-sse would, then "complete" when the source or the session ends. A push source (the visit
 * feed) wakes it: a stream waiting for its next event holds no promise, timer or request context. A socket that
 * cannot keep up leaves the events with the source, which keeps only the latest per order. Ending hands its events
 * one last answer (UNAUTHENTICATED) after which it says "complete" and closes; one that does not close is cut off.
 * The writer never fails: a throw of the source or of an execution becomes an answer (logged when formatted) that
 * ends the stream.
 */
class OpenStream implements PushReader, Caller {
  /** Its answer closed ('close' came). */
  closed = false;
  /** Holds its places (given back at its close). */
  placed = false;
  /** Its head is written and its events are read (the heartbeat's). */
  serving = false;
  /** Its events are let go of (finished or closed). */
  private done = false;
  private pumping = false;
  private draining = false;
  /** The last answer, once the end is decided. */
  private last: ExecutionResult | undefined;
  backstop: Deadline | undefined;
  expiry: Deadline | undefined;
  private cutOff: Deadline | undefined;
  /** What its events are executed for: the caller as it subscribed. */
  private viewer: Viewer | null = null;
  language = Language.NL;
  private country = Country.NL;
  private source: AsyncIterator<unknown> | undefined;
  private operation: SharedOperation | undefined;
  /** Only while an iterated source (not a push source) is awaited: ends the wait. */
  private stopWaiting: (() => void) | undefined;

  constructor(
    readonly room: StreamRoom,
    readonly res: Response,
    readonly session: TokenSession | null,
  ) {}

  /** The request's log (made when first read), for failures. */
  get log(): Logger {
    return (this.res.req as Request | undefined)?.log ?? this.room.services.logger;
  }

  /** The session ended: the last answer, then "complete"; cut off if it does not close. */
  end(): void {
    if (this.last) return;
    this.last = sessionEnded();
    this.wake();
    this.stopWaiting?.();
    this.cutOff = this.room.cutOffs.add(Date.now() + DEADLINE_GRACE_MS, destroy, this.res);
  }

  /** Its events, once its head is written: read until they or the session end. */
  start(viewer: Viewer | null, language: Language, country: Country, events: SharedEvents): void {
    this.viewer = viewer;
    this.language = language;
    this.country = country;
    this.source = events.source;
    this.operation = events.operation;
    this.serving = true;
    const { source } = events;
    if (isPushSource(source)) {
      source.onPush(this);
      this.wake();
    } else {
      void this.pull(source);
    }
  }

  beat(): void {
    const { res } = this;
    if (this.serving && res.writable && !res.writableNeedDrain) res.write(PING);
  }

  /** After its close: its places, its deadlines, its events (also when the close came while it was being served). */
  letGo(): void {
    if (!this.closed) return;
    const { room, session } = this;
    if (this.placed && session) {
      this.placed = false;
      this.backstop?.cancel();
      this.expiry?.cancel();
      room.accepted.delete(this);
      room.placed -= 1;
      room.perHolder.giveBack(session.holder);
      for (const orderId of session.orderIds) room.perOrder.giveBack(orderId);
    }
    if (this.source && !this.done) {
      this.done = true;
      this.stopWaiting?.();
      void this.release();
    }
  }

  /** 'close' came (once for every answer). */
  onClose(): void {
    this.closed = true;
    this.serving = false;
    this.cutOff?.cancel();
    if (this.session) this.room.unwatch(this, this.session);
    this.letGo();
  }

  /** The push source has events, or ended. */
  wake(): void {
    void this.pump();
  }

  drained(): void {
    this.draining = false;
    this.wake();
  }

  private answer(payload: unknown): Promise<ExecutionResult> {
    return this.operation!.answer(payload, () =>
      eventContextOf(this, this.viewer, this.language, this.country, this.room.services),
    );
  }

  private async pump(): Promise<void> {
    const source = this.source;
    if (this.pumping || this.done || !isPushSource(source)) return;
    this.pumping = true;
    try {
      while (!this.done) {
        if (this.last) return await this.finish(this.last);
        if (this.res.writableNeedDrain) return this.awaitDrain();
        const payload = source.take();
        if (payload === undefined) {
          if (source.ended) await this.finish(undefined);
          return;
        }
        let result: ExecutionResult;
        try {
          result = await this.answer(payload);
        } catch (error) {
          return await this.finish(failed(error));
        }
        if (!this.done) this.write(result);
      }
    } finally {
      this.pumping = false;
    }
  }

  private awaitDrain(): void {
    if (this.draining) return;
    this.draining = true;
    this.res.once('drain', onStreamDrain);
  }

  /** A source that is only iterable (none of this application's, but any subscription may have one). */
  private async pull(source: AsyncIterator<unknown>): Promise<void> {
    const ended = Symbol('ended');
    while (!this.done) {
      if (this.last) return this.finish(this.last);
      let outcome: IteratorResult<unknown> | typeof ended;
      try {
        outcome = await new Promise<IteratorResult<unknown> | typeof ended>((resolve, reject) => {
          this.stopWaiting = () => resolve(ended);
          source.next().then(resolve, reject);
        });
      } catch (error) {
        return this.finish(failed(error));
      } finally {
        this.stopWaiting = undefined;
      }
      if (this.done) return;
      if (outcome === ended) return this.finish(this.last ?? sessionEnded());
      if (outcome.done) return this.finish(undefined);
      let result: ExecutionResult;
      try {
        result = await this.answer(outcome.value);
      } catch (error) {
        return this.finish(failed(error));
      }
      if (this.done) return;
      this.write(result);
      if (this.res.writableNeedDrain) await new Promise((resolve) => this.res.once('drain', resolve));
    }
  }

  private write(result: ExecutionResult): void {
    if (this.res.writable) this.res.write(nextMessage(shown(result, this, this.room.services.logger)));
  }

  /** The last answer (if any), "complete", and the end of the answer; the source is let go of. */
  private async finish(last: ExecutionResult | undefined): Promise<void> {
    if (this.done) return;
    this.done = true;
    if (last) this.write(last);
    if (this.res.writable) this.res.end(COMPLETE);
    await this.release();
  }

  /** Letting go never rejects: it runs from a 'close' listener, where a rejection would end the process. */
  private async release(): Promise<void> {
    try {
      await this.source?.return?.();
    } catch (error) {
      this.log.error({ err: error }, 'a live stream could not let go of its events');
    }
  }
}

/**
 * The context an event is executed with: the caller as it subscribed (not its request's context, which would stay
 * with the stream), its log when read, and an entity manager of the event's own when a field asks for one.
 */
function eventContextOf(
  caller: Caller,
  viewer: Viewer | null,
  language: Language,
  country: Country,
  services: AppServices,
): AppContext {
  let em: AppContext['em'] | undefined;
  return {
    viewer,
    language,
    country,
    clientKey: '',
    userAgent: '',
    services,
    get log() {
      return caller.log;
    },
    get em() {
      return (em ??= services.orm.em.fork());
    },
  };
}

const destroy = (res: Response) => res.destroy();
const endStream = (stream: OpenStream) => stream.end();

/** Each answer's stream, for the listeners every stream shares (a listener of its own would be a closure each). */
const streamOf = new WeakMap<Response, OpenStream>();

// An answer that can no longer be written ends this stream, never the process (an unheard 'error' would).
function onStreamError(this: Response, error: Error): void {
  streamOf.get(this)?.log.warn({ err: error }, 'a live stream could not be written');
  this.destroy();
}

function onStreamClose(this: Response): void {
  streamOf.get(this)?.onClose();
}

function onStreamDrain(this: Response): void {
  streamOf.get(this)?.drained();
}

/** The parameters of a stream's request as graphql-sse reads them; undefined when it would refuse them. */
function paramsOf(
  req: Request,
): { query: string; operationName?: string; variables?: Record<string, unknown> } | undefined {
  let data: Record<string, unknown>;
  if (req.method === 'GET') {
    const search = new URLSearchParams(req.originalUrl.split('?')[1]);
    data = { query: search.get('query') ?? undefined, operationName: search.get('operationName') ?? undefined };
    try {
      const variables = search.get('variables');
      if (variables) data.variables = JSON.parse(variables) as unknown;
      const extensions = search.get('extensions');
      if (extensions) data.extensions = JSON.parse(extensions) as unknown;
    } catch {
      return undefined;
    }
  } else if (req.method === 'POST' && req.is(JSON_TYPE) && isObject(req.body)) {
    data = req.body;
  } else {
    return undefined;
  }
  const { query, operationName, variables, extensions } = data;
  if (typeof query !== 'string') return undefined;
  const given = (value: unknown) => value !== undefined && value !== null;
  if (given(operationName) && typeof operationName !== 'string') return undefined;
  if (given(variables) && !isObject(variables)) return undefined;
  if (given(extensions) && !isObject(extensions)) return undefined;
  return { query, operationName: operationName ?? undefined, variables: variables ?? undefined };
}

/** What stands for a request's headers once they are let go of. */
const NO_HEADERS: Request['headers'] = Object.freeze({});
const NO_RAW_HEADERS: string[] = Object.freeze([]) as unknown as string[];

/**
 * Once a stream is accepted nothing of its request is read again but its id, method and address (the request
 * log): its headers and what parsing it left on it (the body, cookies, the router's state, the token) would
 * otherwise stay for as long as the stream is open.
 */
function letGoOfRequest(req: Request): void {
  const parsed = req as unknown as Record<string, unknown>;
  for (const key of ['body', 'cookies', 'signedCookies', 'params', 'next', '_parsedUrl']) parsed[key] = undefined;
  req.headers = NO_HEADERS;
  req.rawHeaders = NO_RAW_HEADERS;
  req.rawTrailers = NO_RAW_HEADERS;
}

/**
 * Security headers that only a document (a page, a frame) obeys: an event stream read by a script has no use for
 * them, and their text stays with each open stream's answer. `nosniff` and the resource policy stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const JSON_TYPE = 'application/json';
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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
  const room = new StreamRoom(services);
  /** Only for what graphql-sse answers itself: a request whose parameters it refuses. */
  const contexts = new WeakMap<Request, StreamContext>();
  const rules = [...specifiedRules, ...options.validationRules, onlySubscriptions];
  /** The text each stream's operation was parsed from: streams that sent the same text share their answers. */
  const operationTexts = new WeakMap<DocumentNode, string>();
  const prepared = new Map<string, DocumentNode>();

  // Every instance hears it (the one that made the change too): the account's streams here end at once.
  const unsubscribe = services.changes.subscribe(STAFF_SESSIONS_ENDED_TOPIC, (notice) => {
    const kind = notice.detail.account;
    if (kind !== 'admin' && kind !== 'technician') return;
    for (const id of notice.ids) {
      for (const stream of room.byAccount.get(staffAccountName(kind satisfies StaffAccountKind, id)) ?? []) {
        stream.end();
      }
    }
  });

  const sharedSubscribe = sharedEventSubscribe(({ document, operationName, variableValues, contextValue }) => {
    const text = operationTexts.get(document);
    const viewer = (contextValue as StreamContext | undefined)?.viewer;
    if (text === undefined || !viewer) return null;
    return JSON.stringify([viewer.role, operationName ?? null, variableValues ?? null, text]);
  });

  /** The operation parsed and validated once per text (the rules depend on nothing else), or its refusal. */
  const prepare = (query: string, operationName: string | undefined): DocumentNode | ExecutionResult => {
    let document = prepared.get(query);
    if (!document) {
      try {
        document = parse(query, { maxTokens: options.maxTokens });
      } catch (error) {
        return refused([error instanceof GraphQLError ? error : new GraphQLError('Unreadable operation.')]);
      }
      const errors = validate(options.schema, document, rules);
      if (errors.length > 0) return refused(errors);
      if (prepared.size >= MAX_PREPARED) prepared.clear();
      prepared.set(query, document);
      operationTexts.set(document, query);
    }
    if (!getOperationAST(document, operationName)) return refused([new GraphQLError('Name the operation to run.')]);
    return document;
  };

  // graphql-sse answers only the requests whose parameters it refuses (400, 405, 415), before any operation runs.
  const sse = createHandler<StreamContext>({
    schema: options.schema,
    // No token: only distinct connections (see above).
    authenticate: () => undefined,
    context: (req) => contexts.get(req.raw)!,
    onSubscribe: () => failed(new Error('a stream request with readable parameters reached graphql-sse')),
    onNext: (ctx, _req, result) => shown(result as ExecutionResult, ctx, services.logger),
  });

  /** Serves an accepted stream: its operation, then its events until it ends. */
  const serve = async (req: Request, res: Response, ctx: AppContext, stream: OpenStream): Promise<void> => {
    const params = paramsOf(req);
    if (!params) {
      contexts.set(req, ctx as StreamContext);
      return sse(req, res);
    }
    letGoOfRequest(req);
    const { viewer, language, country } = ctx;
    let result: SharedEvents | ExecutionResult;
    try {
      const document = prepare(params.query, params.operationName);
      result =
        'kind' in document
          ? await sharedSubscribe({
              schema: options.schema,
              document,
              operationName: params.operationName,
              variableValues: params.variables,
              contextValue: ctx,
            })
          : document;
    } catch (error) {
      result = failed(error);
    }
    if (res.destroyed) {
      if ('source' in result) void result.source.return?.();
      return;
    }
    for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
    res.writeHead(200, 'OK', SSE_HEADERS);
    // An empty message first: some browsers (Firefox, Safari) take the stream as open only then (as graphql-sse).
    res.write(PING);
    if (!('source' in result)) {
      res.end(nextMessage(shown(result, stream, services.logger)) + COMPLETE);
      return;
    }
    forgetSentHead(res);
    shareRouteLabel(res);
    stream.start(viewer, language, country, result);
  };

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
      // Watched before the account is read (below): an end announced after that read reaches this stream.
      const session = tokenSessionOf(req.headers.authorization, services.tokens);
      const stream = new OpenStream(room, res, session);
      streamOf.set(res, stream);
      res.on('error', onStreamError);
      if (session) room.watch(stream, session);
      // 'close' comes once for every answer.
      res.on('close', onStreamClose);
      const ctx = await options.contextOf(req, res);
      stream.language = ctx.language;
      if (!ctx.viewer || !session) {
        return refuse(res, 401, 'UNAUTHENTICATED', ctx.language, 'UNAUTHENTICATED');
      }
      const { holder, orderIds } = session;
      if (room.perHolder.of(holder) >= limits.maxStreamsPerViewer) {
        return refuse(res, 429, 'LIVE_STREAMS_PER_VIEWER', ctx.language, 'LIVE_STREAMS_PER_VIEWER', {
          max: limits.maxStreamsPerViewer,
        });
      }
      if (orderIds.some((orderId) => room.perOrder.of(orderId) >= limits.maxStreamsPerOrder)) {
        return refuse(res, 429, 'LIVE_STREAMS_PER_ORDER', ctx.language, 'LIVE_STREAMS_PER_ORDER', {
          seconds: RETRY_AFTER_SECONDS,
        });
      }
      if (room.placed >= limits.maxStreams) {
        return refuse(res, 503, 'LIVE_STREAMS_BUSY', ctx.language, 'LIVE_STREAMS_BUSY', {
          seconds: RETRY_AFTER_SECONDS,
        });
      }
      room.placed += 1;
      room.perHolder.take(holder);
      for (const orderId of orderIds) room.perOrder.take(orderId);
      room.accepted.add(stream);
      stream.placed = true;
      stream.backstop = room.cutOffs.add(Date.now() + limits.streamDeadlineMs + DEADLINE_GRACE_MS, destroy, res);
      // At the token's expiry, as /graphql would refuse it from then on (a later one outlives the deadline).
      const untilExpiry = session.expiresAtMs - services.clock.now().getTime();
      if (untilExpiry < limits.streamDeadlineMs + DEADLINE_GRACE_MS) {
        stream.expiry = room.sessionEnds.add(Date.now() + Math.max(untilExpiry, 0), endStream, stream);
      }
      stream.letGo();
      await serve(req, res, ctx, stream);
      stream.letGo();
    })().catch((error: unknown) => {
      if (res.headersSent) {
        (streamOf.get(res)?.log ?? services.logger).error({ err: error }, 'a live stream failed');
        res.destroy();
        return;
      }
      next(error);
    });
  };

  return {
    handler,
    get open() {
      return room.placed;
    },
    async closeAll(graceMs) {
      unsubscribe();
      const until = Date.now() + graceMs;
      while (room.accepted.size > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
      for (const stream of room.accepted) stream.res.destroy();
      clearInterval(room.heartbeat);
      room.cutOffs.clear();
      room.sessionEnds.clear();
    },
  };
}
