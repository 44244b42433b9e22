import type { Request, RequestHandler } from 'express';

/** A refusal as body-parser makes it: the status is what the last error handler answers by. */
export const bodyRefusal = (status: number, message: string) =>
  Object.assign(new Error(message), { status, statusCode: status });

/** What a direct reader reads: its media types (lower case, as sent) and how its text becomes `req.body`. */
/** A media type as clients send it for UTF-8 text, in lower case: alone, or with the charset said either way. */
export function utf8Spellings(type: string): ReadonlySet<string> {
  return new Set([type, `${type}; charset=utf-8`, `${type};charset=utf-8`]);
}

export interface DirectBodyKind {
  /** The `content-type` headers read here, lower-cased; any other goes to the fallback. */
  types: ReadonlySet<string>;
  /** The body from its UTF-8 text (a leading byte-order mark dropped); throws a `bodyRefusal` to refuse it. */
  parse: (text: string) => unknown;
}

/**
 * A body read directly in the common case only: a type of `kind` (UTF-8, said or not), a known length within
 * `limit`, not compressed, not read before. body-parser's type checks, charset decoding and stream helpers cost a
 * twentieth of a lookup's CPU; every other request (another media type or charset, a compressed or chunked body,
 * an empty or too large one) goes to `fallback`, body-parser itself, before a byte is read. A body cut short or
 * longer than said is refused 400, as body-parser does.
 */
export function directBody(kind: DirectBodyKind, options: { limit: number; fallback: RequestHandler }): RequestHandler {
  return (req, res, next) => {
    const length = Number(req.headers['content-length']);
    const type = req.headers['content-type']?.toLowerCase();
    const encoding = req.headers['content-encoding'];
    const plain =
      type !== undefined &&
      kind.types.has(type) &&
      (encoding === undefined || encoding === 'identity') &&
      Number.isInteger(length) &&
      length > 0 &&
      length <= options.limit;
    if (!plain || (req as { _body?: boolean })._body) return options.fallback(req, res, next);
    readText(req, length, (error, text) => {
      if (error || text === undefined) return next(error);
      try {
        req.body = kind.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
      } catch (refusal) {
        return next(refusal);
      }
      (req as { _body?: boolean })._body = true;
      next();
    });
  };
}

/** The body's text, once exactly `length` bytes have come. */
function readText(req: Request, length: number, done: (error?: Error, text?: string) => void): void {
  const chunks: Buffer[] = [];
  let received = 0;
  const settle = (error?: Error, text?: string) => {
    req.removeListener('data', onData);
    req.removeListener('end', onEnd);
    req.removeListener('aborted', onAborted);
    req.removeListener('error', onError);
    done(error, text);
  };
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    chunks.push(chunk);
  };
  const onAborted = () => settle(bodyRefusal(400, 'request aborted'));
  const onError = (error: Error) => settle(Object.assign(error, { status: 400, statusCode: 400 }));
  const onEnd = () => {
    if (received !== length) return settle(bodyRefusal(400, 'request size did not match content length'));
    settle(undefined, (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received)).toString('utf8'));
  };
  req.on('data', onData);
  req.on('end', onEnd);
  req.on('aborted', onAborted);
  req.on('error', onError);
}
