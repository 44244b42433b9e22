import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { AppConfig } from './config.js';
import type { TokenService } from './common/auth/tokens.js';
import type { PlainStatements } from './common/db/plain-statements.js';
import type { LoopHeadroom } from './common/loop-headroom.js';
import type { TechnicianSession, Viewer } from './common/auth/viewer.js';
import type { Clock } from './common/clock.js';
import type { FileStorage } from './common/files/file-storage.js';
import type { ListQueryGate } from './common/db/list-query-gate.js';
import type { ChangeListener } from './common/events/change-listener.js';
import type { JobQueue } from './common/jobs/job-queue.js';
import type { Country, Language } from './common/locale.js';
import type { Mailer } from './common/mail/mailer.js';
import type { AppMetrics } from './common/metrics/app-metrics.js';
import type { CountingStatement, LimitRow, RateLimiter } from './common/rate-limit/rate-limiter.js';
import type { StreamSlots } from './common/stream-slots.js';
import type { LocalDate } from '../shared/zoned-time.js';

/*
 * The context every resolver and service receives. It belongs to the foundation: it names no domain.
 * Long-lived services of a domain appear here as the small interface the others use; main.ts hands
 * in the domain's class (holidays/holiday-calendar.ts, consumers/site-visit-recorder.ts).
 */

/** Every holiday of a country, as a set of dates. */
export interface HolidayDates {
  datesOf(country: Country): Promise<ReadonlySet<LocalDate>>;
}

/** Successful consumer lookups, kept for the statistics and "informed?". */
export interface SiteVisitLog {
  record(orderId: number, userAgent: string, at: Date): void;
  /** Writes what is waiting; resolves once it is written. */
  flush(): Promise<void>;
}

/** What a consumer lookup's statement answers: its limits' rows and the orders it found (as JSON). */
export interface LookupRows {
  limits: LimitRow[];
  orders: unknown;
}

/** Runs consumer lookups' statements: the counting of their limits and the scalar subquery of what they find. */
export interface LookupStatementRunner {
  run(limits: CountingStatement, found: { sql: string; params: readonly unknown[] }): Promise<LookupRows>;
}

/**
 * Live changes of visits for this process's subscribers: fed by the one change listener, handed out in memory.
 * `own`: the visits a consumer's token names or a technician's own; `all`: every visit (the office's board).
 * A stream ends at its deadline, on shutdown, and when the listener lost notices (the client then reads the
 * state anew).
 */
export interface LiveVisitFeed {
  follow(viewer: Viewer, scope: 'own' | 'all'): AsyncIterableIterator<object>;
  /** Ends the open streams a few at a time, over `atLeastMs` or longer for many (an instance stopping). */
  endSpread(atLeastMs: number): Promise<void>;
  /** Open streams in this process. */
  readonly size: number;
}

/** Long-lived parts of the application, created once at start-up. */
export interface AppServices {
  config: AppConfig;
  clock: Clock;
  orm: MikroORM;
  /** The busiest read-mostly statements, on the ORM's pool without its query machinery (plain-statements.ts). */
  plainStatements: PlainStatements;
  tokens: TokenService;
  rateLimiter: RateLimiter;
  /** Holidays per country, in memory and renewed on change notices (the lookup and the schedule read them on every request). */
  holidays: HolidayDates;
  /** Successful lookups, written in batches after the answers (statistics, "informed?"). */
  siteVisits: SiteVisitLog;
  /** Consumer lookups, several in one statement when they arrive together (consumers/repository/lookup-statements.ts). */
  lookupStatements: LookupStatementRunner;
  mailer: Mailer;
  /** Committed changes announced by any instance on this database (change-notices.ts). */
  changes: ChangeListener;
  /** The admins' heavy lists: their share of the pool and their statement timeout. */
  listQueries: ListQueryGate;
  /** Places for streamed exports in this process: each holds a database connection while its client reads. */
  exportSlots: StreamSlots;
  /** Live changes of visits for subscriptions (server/live/visit-feed.ts). */
  liveVisits: LiveVisitFeed;
  /** Scheduled and retried work, shared by every instance on the database (pg-boss). */
  jobs: JobQueue;
  /** Photos and signatures of visits (PostgreSQL or S3-compatible, as configured). */
  files: FileStorage;
  /** The room this process's requests leave for background work that may wait (a publication's messages). */
  backgroundHeadroom: LoopHeadroom;
  /** This process's Prometheus metrics (served only when the operator turns them on). */
  metrics: AppMetrics;
  logger: Logger;
}

/** The cookies of the request, and a way to set one on its answer (HttpOnly, SameSite=Strict, Secure over HTTPS). */
export interface RequestCookies {
  get(name: string): string | undefined;
  set(name: string, value: string, maxAgeSeconds: number): void;
}

/** Everything a resolver or service needs for one request. */
export interface AppContext {
  /** Forked per request: its identity map and unit of work belong to this request only. */
  em: EntityManager;
  viewer: Viewer | null;
  /**
   * Set, with `viewer` null, only for a call that checks a technician's session in its own statement (the legacy
   * schedule, `createContext`'s `technicianSessionInStatement`): the token is verified, the session not yet.
   */
  technicianSession?: TechnicianSession;
  language: Language;
  /** Country of the site the request came through (second host label). */
  country: Country;
  /**
   * Whom per-client rate limits count this request under: the client address after TRUST_PROXY rules,
   * normalised, an IPv6 client by its /64 (common/http/client-address.ts).
   */
  clientKey: string;
  userAgent: string;
  /** The request's `Origin` header, if any: the site a passkey is made or used on. */
  origin?: string;
  /**
   * The request's `Idempotency-Key` header, if any: a write it names is done once, a repeat answers the first result
   * (api-clients/idempotent-writes.ts).
   */
  idempotencyKey?: string;
  /** Absent where no HTTP request is behind the context (jobs, scripts). */
  cookies?: RequestCookies;
  log: Logger;
  services: AppServices;
}

/**
 * The same request's context for another caller (a link's holder acting as the consumer of its order): entity
 * manager, logger and the rest shared. Not a spread: a request's lazily made parts are getters on the context's
 * prototype (request-context.ts), which a spread leaves behind.
 */
export function withViewer(context: AppContext, viewer: Viewer): AppContext {
  const copy = Object.create(Object.getPrototypeOf(context) as object | null) as AppContext;
  return Object.assign(copy, context, { viewer });
}
