import type { IncomingMessage, ServerResponse } from 'node:http';

/** How large a body may be on a route: the most any reader mounted there takes. */
export interface BodyLimitRule {
  /** The path as express spells it (case aside): a `:name` segment stands for any one segment. */
  path: string;
  /** The path and every path below it (as `app.use` mounts a chain), not the path alone (as a route). */
  below?: boolean;
  /** The methods it holds for, upper case; every method when absent. */
  methods?: readonly string[];
  /** The most bytes a body may have here. */
  limit: number;
  /** The media types (lower case, without parameters) that carry a file here, and their own limit. */
  files?: { types: ReadonlySet<string>; limit: number };
}

/** The limit that holds for a request, and the rule's path to count and log its refusal by. */
export interface BodyLimit {
  limit: number;
  route: string;
}

export interface BodyBoundOptions {
  /** In order: the first rule whose path and method match holds. */
  rules: readonly BodyLimitRule[];
  /** For every other request: nothing there reads a body. */
  otherwise: number;
  /**
   * Answers a request whose declared length is over its limit (`answerTooLarge`), before any handler saw it: what
   * the route's chain would have done besides (headers, metrics, log) is the caller's. A body sent without a length
   * that passes its limit is answered here, inside the chain it went to.
   */
  refuse(req: IncomingMessage, res: ServerResponse, limit: BodyLimit): void;
}

interface CompiledRule {
  segments: readonly string[];
  below: boolean;
  methods: ReadonlySet<string> | undefined;
  limit: number;
  files: BodyLimitRule['files'];
  route: string;
}

/** A request path's segments as express matches them: no query, case ignored, a trailing slash ignored. */
function segmentsOf(url: string): string[] {
  const query = url.indexOf('?');
  const path = (query === -1 ? url : url.slice(0, query)).toLowerCase();
  const segments = path.split('/');
  if (segments.length > 2 && segments[segments.length - 1] === '') segments.pop();
  return segments;
}

function matches(rule: CompiledRule, method: string, segments: readonly string[]): boolean {
  if (rule.methods && !rule.methods.has(method)) return false;
  if (rule.below ? segments.length < rule.segments.length : segments.length !== rule.segments.length) return false;
  return rule.segments.every((segment, index) =>
    segment.startsWith(':') ? segments[index] !== '' : segment === segments[index],
  );
}

/** The media type of a content type, lower case, without its parameters. */
function mediaTypeOf(req: IncomingMessage): string {
  const type = req.headers['content-type'] ?? '';
  const semicolon = type.indexOf(';');
  return (semicolon === -1 ? type : type.slice(0, semicolon)).trim().toLowerCase();
}

/**
 * Every request body bounded before anything reads it, whatever its declared type: no reader downstream (body-parser,
 * graphql-sse, busboy, our own) can be handed more than the limit of the route it came to. A declared length over the
 * limit is refused at once, unread; a body sent without one (chunked) is counted as the HTTP parser hands it over, and
 * cut at the limit: the answer is 413, nothing more is passed on (not even its end, so no reader ever takes a cut body
 * for a whole one) and the connection closes. A reader whose limit is lower still refuses at its own.
 *
 * Runs first for every request the HTTP server receives. A body within the smallest limit of all (the lookups, the
 * technician's day) costs two header reads and a comparison.
 */
export function bodyBound(options: BodyBoundOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  for (const rule of options.rules) {
    // A limit must never miss its route because the path says more than this matcher reads (optional parts, wildcards).
    if (/[{}*()?]/.test(rule.path))
      throw new Error(`bodyBound reads plain paths and :name segments only: ${rule.path}`);
  }
  const rules: CompiledRule[] = options.rules.map((rule) => ({
    segments: segmentsOf(rule.path),
    below: rule.below ?? false,
    methods: rule.methods && new Set(rule.methods),
    limit: rule.limit,
    files: rule.files,
    route: rule.path,
  }));
  const otherwise: BodyLimit = { limit: options.otherwise, route: 'other' };
  const smallest = Math.min(options.otherwise, ...rules.map((rule) => rule.limit));

  const limitOf = (req: IncomingMessage): BodyLimit => {
    const segments = segmentsOf(req.url ?? '/');
    const method = req.method ?? 'GET';
    const rule = rules.find((candidate) => matches(candidate, method, segments));
    if (!rule) return otherwise;
    const limit = rule.files?.types.has(mediaTypeOf(req)) ? rule.files.limit : rule.limit;
    return { limit, route: rule.route };
  };

  return (req, res) => {
    const declared = req.headers['content-length'];
    const chunked = req.headers['transfer-encoding'] !== undefined;
    // Without either the request has no body (RFC 9112, 6.3); Node's parser reads exactly a declared length.
    if (!chunked && (declared === undefined || Number(declared) <= smallest)) return true;
    const limit = limitOf(req);
    if (declared !== undefined && Number(declared) > limit.limit) {
      options.refuse(req, res, limit);
      return false;
    }
    if (chunked) {
      countAsItComes(req, limit.limit, () => answerTooLarge(req, res));
      // A body still coming when its answer is out is read by Node and thrown away, past any count (it is no longer
      // handed to the request): the connection ends with the answer instead of reading it for as long as it is sent.
      res.once('finish', () => {
        if (!req.complete) req.socket.destroySoon();
      });
    }
    return true;
  };
}

/**
 * Counts the body as Node's HTTP parser hands it to the request (`push`, before any reader sees a byte) and stops
 * passing it on past `limit`. The parser reads the socket no further once a push says so (false).
 */
function countAsItComes(req: IncomingMessage, limit: number, over: () => void): void {
  let received = 0;
  let cut = false;
  const push = req.push.bind(req);
  req.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
    if (cut) return false;
    if (chunk !== null && chunk !== undefined) {
      received += (chunk as { length: number }).length;
      if (received > limit) {
        cut = true;
        over();
        return false;
      }
    }
    return push(chunk, encoding);
  };
}

/**
 * The 413 of a body over its limit, as the last error handler answers it (`{ message: 'PAYLOAD_TOO_LARGE' }`). The
 * answer says `Connection: close`: Node closes the socket once it is written, so the rest of the body is never read.
 * An answer already under way can only be cut off.
 */
export function answerTooLarge(req: IncomingMessage, res: ServerResponse): void {
  if (res.headersSent) {
    req.socket.destroy();
    return;
  }
  const body = '{"message":"PAYLOAD_TOO_LARGE"}';
  res.statusCode = 413;
  res.setHeader('Connection', 'close');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', String(body.length));
  res.end(body);
}
