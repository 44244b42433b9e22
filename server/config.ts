import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import type { LevelWithSilent } from 'pino';
import { PASSWORD_MIN_LENGTH } from '../shared/staff.js';

/**
 * Uploads (the CSV import, GraphQL multipart and legacy REST alike): one file of at most 20 MB,
 * about 130 000 order rows. graphql-upload's own defaults are unlimited.
 */
export const UPLOAD_LIMITS = { maxFileSize: 20 * 1024 * 1024, maxFiles: 1 } as const;

/**
 * Upload bodies held at once per instance (read, decoded, stored): three phone photos of 3 MB, enough for the encoder,
 * which takes one or two at a time. With ten, the server's thread read ten bodies at once when a burst came and the
 * consumers' lookups beside waited (the photo benchmark's first 5 s: p99 94-142 ms, with three 28-36 ms), for no more
 * photos a second. A body waits for room for at most 20 s, then is refused as busy: within the proxy's 30 s for an
 * answer (deploy/haproxy.cfg), so the phone hears the refusal, not the proxy's timeout.
 */
export const UPLOAD_ADMISSION = { budgetBytes: 10 * 1024 * 1024, waitMs: 20_000, maxWaiting: 200 } as const;

/** How much of the database the admins' heavy lists may take (docs/decisions.md, Capacity: search and lists). */
export interface ListQueryLimits {
  concurrent: number;
  statementTimeoutMs: number;
}

export type NodeEnv = 'production' | 'development' | 'test';

/** A limit of `points` attempts per `windowSeconds`, per key. */
export interface RateLimitRule {
  points: number;
  windowSeconds: number;
}

/**
 * Every named rate limit of the product. The default lives here; the operator overrides one with
 * `RATE_LIMIT_<NAME>=<points>/<seconds>` (for example `RATE_LIMIT_LOOKUP_PER_CLIENT=60/900`).
 */
export const DEFAULT_RATE_LIMITS = {
  LOOKUP_PER_CLIENT: { points: 30, windowSeconds: 900 },
  LOOKUP_PER_ADDRESS: { points: 10, windowSeconds: 900 },
  // personal links from consumer messages exchanged for a data token, like lookups
  PERSONAL_LINK_PER_CLIENT: { points: 30, windowSeconds: 900 },
  // Sign-in attempts without the account's device cookie count per client address, per account and client,
  // and per account across all clients; one stranger uses up only its own share. The account's ceiling caps
  // guessing from any number of addresses at 100 per 15 minutes (9 600 a day): a random 6-character password
  // of letters and digits (36^6, the technicians' minimum) takes on average 300 years. It never refuses the
  // owner on a device that signed in before: attempts with that device's cookie count only per device.
  SIGN_IN_PER_CLIENT: { points: 30, windowSeconds: 900 },
  SIGN_IN_PER_ACCOUNT_CLIENT: { points: 10, windowSeconds: 900 },
  SIGN_IN_PER_ACCOUNT: { points: 100, windowSeconds: 900 },
  SIGN_IN_PER_DEVICE: { points: 10, windowSeconds: 900 },
  // Codes of the second step (after the right password): 10 an hour per account (about 1 in 400 of guessing one of
  // the three valid six-digit codes in a day), but a device that signed in with its second factor before counts on
  // its own, so whoever learnt the password cannot spend the owner's attempts; a signed-in proof counts per session.
  SECOND_FACTOR_PER_ACCOUNT: { points: 10, windowSeconds: 3600 },
  SECOND_FACTOR_PER_DEVICE: { points: 10, windowSeconds: 900 },
  // Forgot-password calls are refused per client and per account and client only; per account they are never
  // refused, but mail at most once per 5 minutes (12 an hour): a call within that time sends nothing, and the
  // link mailed moments before (valid for 30 minutes) is the one to use. Its window must not outlast a link.
  PASSWORD_RESET_PER_CLIENT: { points: 10, windowSeconds: 3600 },
  PASSWORD_RESET_PER_ACCOUNT_CLIENT: { points: 5, windowSeconds: 3600 },
  PASSWORD_RESET_MAILS_PER_ACCOUNT: { points: 1, windowSeconds: 300 },
  // statistics: a mail client reloading the tracking pixel in a loop cannot inflate averageMailRead
  MAIL_OPEN_PER_ORDER: { points: 20, windowSeconds: 3600 },
  // consumer replies: changes of one order's reply; a script cannot flood the planner or the audit trail
  CONSUMER_REPLY_PER_ORDER: { points: 30, windowSeconds: 3600 },
  // ratings: changes of one order's rating; a script cannot flood the audit trail
  CONSUMER_RATING_PER_ORDER: { points: 20, windowSeconds: 3600 },
  // visit statuses, counted in the visit's own history (server/visits): a new arrival estimate once a minute, and
  // 5 corrections (undo) an hour, so a loop cannot fill the audit trail (docs/decisions.md, Technician)
  VISIT_ESTIMATE_PER_ORDER: { points: 1, windowSeconds: 60 },
  VISIT_STEP_BACK_PER_ORDER: { points: 5, windowSeconds: 3600 },
} satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;

export interface AppConfig {
  env: NodeEnv;
  port: number;
  host: string;
  /** Unset: the server starts an embedded PostgreSQL under `dataDir/pg`. */
  databaseUrl: string | undefined;
  /**
   * A direct connection for LISTEN (change notices between instances); defaults to `databaseUrl`.
   * Set it when `databaseUrl` goes through a pooler in transaction mode, which cannot keep a LISTEN.
   */
  databaseListenUrl: string | undefined;
  /**
   * Whether the busiest statements are prepared once per connection (named, server-side) instead of parsed and
   * planned anew on every call. Off behind a pooler in transaction mode that does not track them (PgBouncer
   * before 1.21): the next transaction may run on a connection that never saw the statement.
   */
  databasePreparedStatements: boolean;
  dataDir: string;
  jwtSecret: string;
  /** Secrets replaced by JWT_SECRET whose bearer tokens are still accepted until they expire (newest first). */
  jwtPreviousSecrets: string[];
  /** Apply pending migrations at start (default); when false, a start with pending migrations stops instead. */
  migrateAtStart: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  demoData: boolean;
  /** The instant the server's clock starts at; honoured outside production only. */
  clockNow: Date | undefined;
  brand: string;
  smtpUrl: string | undefined;
  /** Sender of every mail; a real domain is needed once SMTP_URL is set. */
  mailFrom: string;
  logLevel: LevelWithSilent;
  appUrl: string;
  /**
   * The sites staff may use passkeys on (`PASSKEY_ORIGINS`, default APP_URL's origin), each its own relying party
   * (its host name): a passkey made on one site signs in on that site only.
   */
  passkeyOrigins: string[];
  /**
   * Express's `trust proxy` setting: `false` (X-Forwarded-For ignored), `true` (every proxy), a number of
   * proxies in front, or addresses and subnets of trusted proxies.
   */
  trustProxy: TrustProxy;
  rateLimits: Record<RateLimitName, RateLimitRule>;
  tokenTtlSeconds: { consumer: number; technician: number; admin: number };
  passwordResetTtlMinutes: number;
  /**
   * A client must send all request headers within `headersMs`, and the whole request within `requestMs`
   * (Node applies both to receiving only). A connection on which no byte moves either way for `idleMs`
   * is closed: that is what ends a client that stops reading its answer.
   */
  httpTimeouts: { headersMs: number; requestMs: number; idleMs: number };
  /** Streamed exports: at most `maxConcurrent` at once in this process, each cut off after `deadlineMs`. */
  exports: { maxConcurrent: number; deadlineMs: number };
  /**
   * Live updates (GraphQL subscriptions over server-sent events): at most `maxStreams` open streams in this
   * process, `maxStreamsPerViewer` per token holder (one consumer grant's tabs, a technician's phone) and
   * `maxStreamsPerOrder` per order over all the grants that name it (generous: a stranger who looks up the same
   * address gets grants of his own, and cannot take the consumer's places), each ended after `streamDeadlineMs`
   * (the client opens it again and reads the state anew) or when its session ends.
   */
  live: { maxStreams: number; maxStreamsPerViewer: number; maxStreamsPerOrder: number; streamDeadlineMs: number };
  /**
   * After SIGTERM the instance answers 503 on /readyz but keeps serving for this long, so the load balancer's
   * health checks take it out of rotation before it stops accepting; only then do in-flight requests drain.
   */
  shutdownDrainMs: number;
  /** PostgreSQL cancels a statement that runs longer (statement_timeout). */
  statementTimeoutMs: number;
  /** Connections this instance keeps to PostgreSQL at most. */
  databasePoolSize: number;
  /**
   * The admins' order lists: at most `concurrent` at once per instance (the rest of the pool stays free for
   * consumers, technicians and health checks), each statement cut off after `statementTimeoutMs`.
   */
  listQueries: ListQueryLimits;
  /** Directory of the built client; served with SPA fallback when it exists. */
  clientDir: string;
  /** Prometheus metrics: off unless the operator sets a token, a port, or both. */
  metrics: MetricsAccess;
  /**
   * Applications' webhooks: `allowHttp` (plain http URLs) and `allowLoopback` (this machine's addresses, for a local
   * receiver) are honoured outside production only; each request is cut off after `timeoutMs`; the delivery log is
   * kept `logRetentionDays`.
   */
  webhooks: WebhookConfig;
  /** The job queue (pg-boss): how often idle workers look for jobs, how long a stop waits for running ones. */
  jobs: { pollingIntervalMs: number; stopTimeoutMs: number };
  /** Twilio's settings for text messages; unset: every SMS becomes a file in `DATA_DIR/outbox/sms`. */
  twilio: TwilioConfig | undefined;
  /** Consumer messages: tries after the first failed one, and the first wait (it doubles each time, up to an hour). */
  messageRetries: { limit: number; delaySeconds: number };
  /**
   * The longest one call to a transport may take (an SMTP exchange, a request to Twilio, an outbox file written):
   * it bounds a send job, whose expiry and message claim are made longer than it.
   */
  transportTimeoutMs: number;
  /**
   * Per channel, the most messages a second this instance hands over (0: as many as the transport takes): a
   * provider's limit shared out between the instances, or a publication spread over its minutes so the consumers
   * looking meanwhile keep the cores they need.
   */
  messageSendRates: { mail: number; sms: number };
  /**
   * Days after the visit that consumer messages keep their address (and the outbox its message files);
   * on the next local day the purge removes them. The rows stay for the figures.
   */
  messageDataRetentionDays: number;
  /** Where photos and signatures of visits are kept: PostgreSQL (default) or an S3-compatible bucket. */
  fileStorage: FileStorageConfig;
  /** Days after the visit that its photos and signature are kept; the record's text stays. */
  visitFileRetentionDays: number;
}

/** An S3-compatible bucket (AWS, MinIO, Ceph, ...). */
export interface S3StorageConfig {
  /** Unset: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addresses (`endpoint/bucket/key`), as MinIO and most self-hosted stores want. */
  pathStyle: boolean;
}

export type FileStorageConfig = { kind: 'postgres' } | ({ kind: 's3' } & S3StorageConfig);

function readFileStorage(env: Env): FileStorageConfig {
  const kind = (readEnvString(env, 'FILE_STORAGE') ?? 'postgres').toLowerCase();
  if (kind === 'postgres') return { kind };
  if (kind !== 's3') throw new ConfigError(`FILE_STORAGE must be postgres or s3, got "${kind}"`);
  const endpoint = readEnvString(env, 'S3_ENDPOINT');
  if (endpoint !== undefined && !/^https?:\/\/[^\s/]+/.test(endpoint)) {
    throw new ConfigError(`S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  }
  const bucket = readEnvString(env, 'S3_BUCKET');
  const accessKeyId = readEnvString(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = readEnvString(env, 'S3_SECRET_ACCESS_KEY');
  if (!bucket || !accessKeyId || !secretAccessKey) {
    throw new ConfigError('FILE_STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  return {
    kind,
    endpoint,
    region: readEnvString(env, 'S3_REGION') ?? 'us-east-1',
    bucket,
    accessKeyId,
    secretAccessKey,
    pathStyle: readBoolean(env, 'S3_FORCE_PATH_STYLE') ?? false,
  };
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  from: string;
  /** Another address for Twilio's REST API (a local stand-in); unset: Twilio's own. */
  baseUrl: string | undefined;
  /**
   * The URL of the inbound SMS webhook exactly as configured at Twilio, which signs it; unset: APP_URL and the path the
   * request came in on (behind a balancer the address the server sees is not the one Twilio called).
   */
  webhookUrl: string | undefined;
}

function readTwilio(env: Env): TwilioConfig | undefined {
  const accountSid = readEnvString(env, 'TWILIO_ACCOUNT_SID');
  const authToken = readEnvString(env, 'TWILIO_AUTH_TOKEN');
  const from = readEnvString(env, 'TWILIO_FROM');
  const baseUrl = readEnvString(env, 'TWILIO_BASE_URL');
  const webhookUrl = readEnvString(env, 'TWILIO_WEBHOOK_URL');
  if (!accountSid && !authToken && !from) {
    if (webhookUrl)
      throw new ConfigError('TWILIO_WEBHOOK_URL needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM');
    if (baseUrl) throw new ConfigError('TWILIO_BASE_URL needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM');
    return undefined;
  }
  if (!accountSid || !authToken || !from) {
    throw new ConfigError('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM must be set together');
  }
  if (baseUrl !== undefined && !/^https?:\/\/[^\s/]+/.test(baseUrl)) {
    throw new ConfigError(`TWILIO_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  }
  if (webhookUrl !== undefined && !/^https?:\/\/[^\s/]+/.test(webhookUrl)) {
    throw new ConfigError(`TWILIO_WEBHOOK_URL must be an http(s) URL, got "${webhookUrl}"`);
  }
  return { accountSid, authToken, from, baseUrl, webhookUrl };
}

/**
 * How Prometheus reaches GET /metrics. `token`: on the main port, only with `Authorization: Bearer
 * <token>`. `port`: a listener of its own on `host` (loopback unless told otherwise) without a token,
 * for a scraper on a private network. Neither: no metrics are served.
 */
export interface MetricsAccess {
  token: string | undefined;
  port: number | undefined;
  host: string;
}

export class ConfigError extends Error {}

export type TrustProxy = boolean | number | string[];

/** Express's names for address ranges (proxy-addr): 127.0.0.1/8 and ::1, 169.254.0.0/16 and fe80::/10, private ranges. */
const TRUST_PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isTrustedProxyEntry(entry: string): boolean {
  if (TRUST_PROXY_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (family === 4 ? 32 : 128);
  // a netmask such as 255.255.0.0, which proxy-addr also takes for IPv4
  return family === 4 && isIP(prefix) === 4;
}

/**
 * TRUST_PROXY as operators write it, with Express's meaning: `1`, `2`, ... proxies in front (the client
 * is the address that many hops from the right of X-Forwarded-For), `true` every proxy, `false`/`0`
 * none, or a comma-separated list of addresses, subnets (CIDR) and `loopback`/`linklocal`/`uniquelocal`.
 * Express itself reads a bare string as an address list, so `"1"` would trust the address 0.0.0.1.
 */
export function readTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim().toLowerCase();
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isTrustedProxyEntry(entry));
  if (wrong.length > 0) {
    throw new ConfigError(
      `TRUST_PROXY must be a number of proxies (1), true, or addresses, subnets and loopback/linklocal/uniquelocal separated by commas; "${wrong.join('", "')}" is none of these`,
    );
  }
  return entries;
}

type Env = Record<string, string | undefined>;

function readEnvString(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** A yes/no setting: `true`/`1` or `false`/`0`, in any case; unset gives `undefined`, anything else is refused. */
function readBoolean(env: Env, name: string): boolean | undefined {
  const value = readEnvString(env, name)?.toLowerCase();
  if (value === undefined) return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new ConfigError(`${name} must be true or false, got "${value}"`);
}

function readPort(env: Env, name = 'PORT', fallback = '3000'): number {
  const raw = readEnvString(env, name) ?? fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`${name} must be a number between 0 and 65535, got "${raw}"`);
  }
  return port;
}

/** Connections the admins' lists never take: the consumer lookup, technicians and /readyz get them. */
const RESERVED_CONNECTIONS = 2;

/** Long enough that guessing is hopeless, and sendable as a header as it is. */
const METRICS_TOKEN_MIN_LENGTH = 32;
/** `openssl rand -hex 16` scores 90 or more; one character, a pattern or a word repeated far less. */
const METRICS_TOKEN_MIN_BITS = 80;

function shannonBitsPerSymbol(symbols: readonly (string | number)[]): number {
  const counts = new Map<string | number, number>();
  for (const symbol of symbols) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= (count / symbols.length) * Math.log2(count / symbols.length);
  return bits;
}

/**
 * A rough, conservative estimate of the randomness in a secret, in bits: the length of its shortest
 * repeating unit times the Shannon entropy of its characters, or of the steps between neighbouring
 * characters, whichever is lower. Long is not enough: "a" × 32, "abab…", "abcdef…" and a word repeated
 * all score low, while a value from a random generator scores close to its true strength.
 */
export function estimatedSecretBits(secret: string): number {
  const characters = [...secret];
  let period = characters.length;
  for (let candidate = 1; candidate < characters.length; candidate++) {
    if (characters.every((character, index) => index < candidate || character === characters[index - candidate])) {
      period = candidate;
      break;
    }
  }
  const codes = characters.map((character) => character.codePointAt(0) ?? 0);
  const steps = codes.slice(1).map((code, index) => code - codes[index]);
  const perSymbol = Math.min(shannonBitsPerSymbol(characters), steps.length ? shannonBitsPerSymbol(steps) : 0);
  return period * perSymbol;
}

function readMetricsAccess(env: Env, port: number): MetricsAccess {
  const token = readEnvString(env, 'METRICS_TOKEN');
  if (token !== undefined && (token.length < METRICS_TOKEN_MIN_LENGTH || !/^[\x21-\x7e]+$/.test(token))) {
    throw new ConfigError(
      `METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} printable characters without spaces (e.g. openssl rand -hex 32)`,
    );
  }
  if (token !== undefined && estimatedSecretBits(token) < METRICS_TOKEN_MIN_BITS) {
    throw new ConfigError(
      `METRICS_TOKEN is too easy to guess (about ${Math.floor(estimatedSecretBits(token))} bits of randomness, at least ${METRICS_TOKEN_MIN_BITS} needed): use a random value, e.g. openssl rand -hex 32`,
    );
  }
  const metricsPort = readEnvString(env, 'METRICS_PORT') === undefined ? undefined : readPort(env, 'METRICS_PORT');
  // Port 0 (any free port) is allowed for both: only two fixed equal numbers collide.
  if (metricsPort !== undefined && metricsPort !== 0 && metricsPort === port) {
    throw new ConfigError(`METRICS_PORT must differ from PORT (${port}): it serves metrics without a token`);
  }
  const host = readEnvString(env, 'METRICS_HOST') ?? '127.0.0.1';
  if (isIP(host) === 0 && host !== 'localhost') {
    throw new ConfigError(`METRICS_HOST must be an IP address of this machine (or localhost), got "${host}"`);
  }
  return { token, port: metricsPort, host };
}

function readNodeEnv(env: Env): NodeEnv {
  const raw = readEnvString(env, 'NODE_ENV') ?? 'development';
  if (raw === 'production' || raw === 'test' || raw === 'development') return raw;
  return 'development';
}

function readClockNow(env: Env, nodeEnv: NodeEnv): Date | undefined {
  const raw = readEnvString(env, 'CLOCK_NOW');
  if (!raw || nodeEnv === 'production') return undefined;
  const instant = new Date(raw);
  if (Number.isNaN(instant.getTime())) {
    throw new ConfigError(`CLOCK_NOW must be an ISO instant such as 2026-03-28T13:29:00+01:00, got "${raw}"`);
  }
  return instant;
}

function readRateLimits(env: Env): Record<RateLimitName, RateLimitRule> {
  const limits = { ...DEFAULT_RATE_LIMITS } as Record<RateLimitName, RateLimitRule>;
  for (const name of Object.keys(DEFAULT_RATE_LIMITS) as RateLimitName[]) {
    const raw = readEnvString(env, `RATE_LIMIT_${name}`);
    if (!raw) continue;
    const match = /^(\d+)\/(\d+)$/.exec(raw);
    if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
      throw new ConfigError(`RATE_LIMIT_${name} must look like <points>/<seconds>, e.g. 30/900; got "${raw}"`);
    }
    limits[name] = { points: Number(match[1]), windowSeconds: Number(match[2]) };
  }
  return limits;
}

function readPositiveInt(env: Env, name: string, fallback: number): number {
  const raw = readEnvString(env, name);
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new ConfigError(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

function readWholeNumber(env: Env, name: string, fallback: number): number {
  const raw = readEnvString(env, name);
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  return value;
}

/**
 * The lowest pace of a channel: a send batch (up to 32 messages) then waits a few seconds for its turn and spreads over
 * a few more, well within its job's expiry and before its claims' transport calls must have started.
 */
const LOWEST_SEND_RATE = 10;

/** Messages a second an instance hands to a transport: 0 (no pace) or at least LOWEST_SEND_RATE. */
function readSendRate(env: Env, name: string): number {
  const rate = readWholeNumber(env, name, 0);
  if (rate !== 0 && rate < LOWEST_SEND_RATE) {
    throw new ConfigError(`${name} must be 0 (no limit) or at least ${LOWEST_SEND_RATE}, got "${rate}"`);
  }
  return rate;
}

/** Longer than any statistics period the admins look back over, and short enough to mean something. */
const MESSAGE_DATA_RETENTION_MAX_DAYS = 366;

function readMessageDataRetentionDays(env: Env): number {
  const days = readPositiveInt(env, 'MESSAGE_DATA_RETENTION_DAYS', 30);
  if (days > MESSAGE_DATA_RETENTION_MAX_DAYS) {
    throw new ConfigError(
      `MESSAGE_DATA_RETENTION_DAYS must be at most ${MESSAGE_DATA_RETENTION_MAX_DAYS} (days after the visit that consumers' addresses are kept), got "${days}"`,
    );
  }
  return days;
}

/**
 * The pool and the admins' share of it: by default four of the ten connections for lists, and whatever the
 * operator sets, never so many that the consumer lookup, the technicians' calls and /readyz find none free.
 */
function readDatabaseShares(env: Env): { databasePoolSize: number; listQueries: ListQueryLimits } {
  const databasePoolSize = readPositiveInt(env, 'DATABASE_POOL_SIZE', 10);
  const concurrent = readPositiveInt(env, 'LIST_QUERIES_PER_INSTANCE', Math.max(1, Math.min(4, databasePoolSize - 4)));
  if (concurrent > databasePoolSize - RESERVED_CONNECTIONS) {
    throw new ConfigError(
      `LIST_QUERIES_PER_INSTANCE (${concurrent}) must leave at least ${RESERVED_CONNECTIONS} of the DATABASE_POOL_SIZE (${databasePoolSize}) connections to consumers and technicians`,
    );
  }
  const statementTimeoutMs = readPositiveInt(env, 'LIST_STATEMENT_TIMEOUT_MS', 5_000);
  return { databasePoolSize, listQueries: { concurrent, statementTimeoutMs } };
}

/** Dev and test keep one generated secret per data directory, so tokens survive restarts. */
function readOrCreateDevSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

function readJwtSecret(env: Env, nodeEnv: NodeEnv, dataDir: string): string {
  const secret = readEnvString(env, 'JWT_SECRET');
  if (secret) {
    if (nodeEnv === 'production' && secret.length < 32) {
      throw new ConfigError('JWT_SECRET must be at least 32 characters in production');
    }
    return secret;
  }
  if (nodeEnv === 'production') throw new ConfigError('JWT_SECRET is required when NODE_ENV=production');
  return readOrCreateDevSecret(dataDir);
}

/** Previous secrets accepted beside the current one: each is meant to stay one token lifetime only. */
const MAX_PREVIOUS_SECRETS = 3;

/**
 * JWT_PREVIOUS_SECRETS: the secrets JWT_SECRET replaced, separated by commas or spaces; a bearer token signed with
 * one stays valid until it expires (the longest lifetime, STAFF_TOKEN_TTL_SECONDS, after the rotation).
 */
function readPreviousJwtSecrets(env: Env, nodeEnv: NodeEnv, current: string): string[] {
  const secrets = (readEnvString(env, 'JWT_PREVIOUS_SECRETS') ?? '').split(/[\s,]+/).filter(Boolean);
  if (secrets.length > MAX_PREVIOUS_SECRETS) {
    throw new ConfigError(`JWT_PREVIOUS_SECRETS holds at most ${MAX_PREVIOUS_SECRETS} secrets`);
  }
  for (const secret of secrets) {
    if (secret === current) throw new ConfigError('JWT_PREVIOUS_SECRETS must not repeat JWT_SECRET');
    if (nodeEnv === 'production' && secret.length < 32) {
      throw new ConfigError('each of JWT_PREVIOUS_SECRETS must be at least 32 characters in production');
    }
  }
  return secrets;
}

const LOG_LEVELS: LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * DATABASE_PREPARED_STATEMENTS: `true`/`1` or `false`/`0`. Unset: on when PostgreSQL is reached directly, off when
 * DATABASE_LISTEN_URL is set, which is how a transaction-mode pooler in front of DATABASE_URL is configured.
 */
function readPreparedStatements(env: Env): boolean {
  return readBoolean(env, 'DATABASE_PREPARED_STATEMENTS') ?? readEnvString(env, 'DATABASE_LISTEN_URL') === undefined;
}

export interface WebhookConfig {
  allowHttp: boolean;
  allowLoopback: boolean;
  timeoutMs: number;
  /** Days after its last attempt that a delivered or failed delivery stays in the log. */
  logRetentionDays: number;
  /**
   * The sender's thread runs at SCHED_IDLE, on what the API and the database leave; off, at the normal priority, for
   * a host kept busy by other work (at SCHED_IDLE the webhooks would wait for it to be idle).
   */
  threadAtIdle: boolean;
}

function readWebhookFlag(env: Env, name: string, nodeEnv: NodeEnv): boolean {
  if (!(readBoolean(env, name) ?? false)) return false;
  if (nodeEnv === 'production') throw new ConfigError(`${name} is refused when NODE_ENV=production`);
  return true;
}

function readWebhookConfig(env: Env, nodeEnv: NodeEnv): WebhookConfig {
  return {
    allowHttp: readWebhookFlag(env, 'WEBHOOK_ALLOW_HTTP', nodeEnv),
    allowLoopback: readWebhookFlag(env, 'WEBHOOK_ALLOW_LOOPBACK', nodeEnv),
    timeoutMs: readPositiveInt(env, 'WEBHOOK_TIMEOUT_MS', 10_000),
    logRetentionDays: readPositiveInt(env, 'WEBHOOK_LOG_RETENTION_DAYS', 30),
    threadAtIdle: readBoolean(env, 'WEBHOOK_THREAD_IDLE') ?? true,
  };
}

export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnv = readNodeEnv(env);
  const dataDir = resolve(readEnvString(env, 'DATA_DIR') ?? './data');
  const databaseUrl = readEnvString(env, 'DATABASE_URL');
  const port = readPort(env);
  const logLevel = (readEnvString(env, 'LOG_LEVEL') ?? 'info') as LevelWithSilent;
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const adminEmail = readEnvString(env, 'ADMIN_EMAIL');
  const adminPassword = readEnvString(env, 'ADMIN_PASSWORD');
  if ((adminEmail === undefined) !== (adminPassword === undefined)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (adminPassword !== undefined && adminPassword.length < PASSWORD_MIN_LENGTH.admin) {
    throw new ConfigError(`ADMIN_PASSWORD must be at least ${PASSWORD_MIN_LENGTH.admin} characters`);
  }
  const rateLimits = readRateLimits(env);
  const jwtSecret = readJwtSecret(env, nodeEnv, dataDir);
  const passwordResetTtlMinutes = readPositiveInt(env, 'PASSWORD_RESET_TTL_MINUTES', 30);
  if (rateLimits.PASSWORD_RESET_MAILS_PER_ACCOUNT.windowSeconds > passwordResetTtlMinutes * 60) {
    // A forgot call inside the window sends nothing: the link mailed earlier in it must still work.
    throw new ConfigError(
      `RATE_LIMIT_PASSWORD_RESET_MAILS_PER_ACCOUNT's window must not be longer than a reset link lives (PASSWORD_RESET_TTL_MINUTES = ${passwordResetTtlMinutes})`,
    );
  }
  const appUrl = (readEnvString(env, 'APP_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    env: nodeEnv,
    port,
    host: readEnvString(env, 'HOST') ?? '0.0.0.0',
    databaseUrl,
    databaseListenUrl: readEnvString(env, 'DATABASE_LISTEN_URL') ?? databaseUrl,
    databasePreparedStatements: readPreparedStatements(env),
    dataDir,
    jwtSecret,
    jwtPreviousSecrets: readPreviousJwtSecrets(env, nodeEnv, jwtSecret),
    adminEmail,
    adminPassword,
    migrateAtStart: readBoolean(env, 'MIGRATE_AT_START') ?? true,
    demoData: readBoolean(env, 'DEMO_DATA') ?? databaseUrl === undefined,
    clockNow: readClockNow(env, nodeEnv),
    webhooks: readWebhookConfig(env, nodeEnv),
    brand: (readEnvString(env, 'BRAND') ?? 'tijdvak').toLowerCase(),
    smtpUrl: readEnvString(env, 'SMTP_URL'),
    mailFrom: readEnvString(env, 'MAIL_FROM') ?? `"${readEnvString(env, 'BRAND') ?? 'Tijdvak'}" <no-reply@localhost>`,
    logLevel,
    appUrl,
    passkeyOrigins: readPasskeyOrigins(env, appUrl),
    trustProxy: readTrustProxy(readEnvString(env, 'TRUST_PROXY')),
    rateLimits,
    tokenTtlSeconds: {
      consumer: readPositiveInt(env, 'CONSUMER_TOKEN_TTL_SECONDS', 2 * 3600),
      technician: readPositiveInt(env, 'STAFF_TOKEN_TTL_SECONDS', 12 * 3600),
      admin: readPositiveInt(env, 'STAFF_TOKEN_TTL_SECONDS', 12 * 3600),
    },
    passwordResetTtlMinutes,
    httpTimeouts: {
      headersMs: readPositiveInt(env, 'HTTP_HEADERS_TIMEOUT_MS', 15_000),
      requestMs: readPositiveInt(env, 'HTTP_REQUEST_TIMEOUT_MS', 120_000),
      idleMs: readPositiveInt(env, 'HTTP_IDLE_TIMEOUT_MS', 120_000),
    },
    exports: {
      maxConcurrent: readPositiveInt(env, 'EXPORT_MAX_CONCURRENT', 2),
      deadlineMs: readPositiveInt(env, 'EXPORT_DEADLINE_MS', 10 * 60_000),
    },
    live: {
      maxStreams: readPositiveInt(env, 'LIVE_MAX_STREAMS', 5_000),
      maxStreamsPerViewer: readPositiveInt(env, 'LIVE_MAX_STREAMS_PER_VIEWER', 5),
      maxStreamsPerOrder: readPositiveInt(env, 'LIVE_MAX_STREAMS_PER_ORDER', 50),
      streamDeadlineMs: readPositiveInt(env, 'LIVE_STREAM_DEADLINE_MS', 30 * 60_000),
    },
    shutdownDrainMs: readWholeNumber(env, 'SHUTDOWN_DRAIN_MS', nodeEnv === 'production' ? 3_000 : 0),
    statementTimeoutMs: readPositiveInt(env, 'STATEMENT_TIMEOUT_MS', 15_000),
    ...readDatabaseShares(env),
    clientDir: resolve(readEnvString(env, 'CLIENT_DIR') ?? './dist/client'),
    metrics: readMetricsAccess(env, port),
    jobs: {
      // pg-boss polls no faster than every 500 ms
      pollingIntervalMs: Math.max(500, readPositiveInt(env, 'JOB_POLL_INTERVAL_MS', 2_000)),
      stopTimeoutMs: readPositiveInt(env, 'JOB_STOP_TIMEOUT_MS', 20_000),
    },
    twilio: readTwilio(env),
    messageRetries: {
      limit: readPositiveInt(env, 'MESSAGE_RETRY_LIMIT', 8),
      delaySeconds: readPositiveInt(env, 'MESSAGE_RETRY_DELAY_SECONDS', 30),
    },
    // At least a second: a real mail server's greeting or Twilio's answer needs a few hundred milliseconds.
    transportTimeoutMs: Math.max(1_000, readPositiveInt(env, 'TRANSPORT_TIMEOUT_MS', 20_000)),
    messageSendRates: { mail: readSendRate(env, 'MAIL_SEND_RATE'), sms: readSendRate(env, 'SMS_SEND_RATE') },
    messageDataRetentionDays: readMessageDataRetentionDays(env),
    fileStorage: readFileStorage(env),
    visitFileRetentionDays: readPositiveInt(env, 'VISIT_FILE_RETENTION_DAYS', 180),
  };
}

/** The origins of the sites staff use passkeys on: comma-separated URLs, default APP_URL's. */
function readPasskeyOrigins(env: Env, appUrl: string): string[] {
  const listed = readEnvString(env, 'PASSKEY_ORIGINS')
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return (listed?.length ? listed : [appUrl]).map((value) => {
    try {
      const url = new URL(value);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
    } catch {
      // named below
    }
    throw new ConfigError(`PASSKEY_ORIGINS must list http(s) URLs (${value})`);
  });
}
