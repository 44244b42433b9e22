import type { RequestHandler } from 'express';

/** The media types read here: JSON, in UTF-8 (said or not). */
const PLAIN_JSON = new Set(['application/json', 'application/json; charset=utf-8', 'application/json;charset=utf-8']);

/** What may precede the first value, for body-parser's strict check (an object or an array). */
const FIRST_VALUE = /^[ \t\n\r]*(.)/s;

/** A refusal as body-parser makes it: the status is what the last error handler answers by. */
const refusal = (status: number, message: string) => Object.assign(new Error(message), { status, statusCode: status });

/**
 * A JSON body as `express.json` reads it, for the common case only: a UTF-8 JSON body of a known length within
 * `limit`, not compressed. Its type checks, charset decoding and stream helpers were a twentieth of a GraphQL lookup's
 * CPU. Every other request (another media type or charset, a compressed or chunked body, an empty or too large one)
 * goes to `fallback`, body-parser itself, before a byte is read. The same outcomes as body-parser's: the parsed
 * value in `req.body`, a leading byte-order mark dropped, and the same statuses for a body that is not an object or
 * an array, is not JSON, or was cut off.
 */
export function jsonBody(options: { limit: number; fallback: RequestHandler }): RequestHandler {
  return (req, res, next) => {
    const length = Number(req.headers['content-length']);
    const type = req.headers['content-type']?.toLowerCase();
    const encoding = req.headers['content-encoding'];
    const plain =
      type !== undefined &&
      PLAIN_JSON.has(type) &&
      (encoding === undefined || encoding === 'identity') &&
      Number.isInteger(length) &&
      length > 0 &&
      length <= options.limit;
    if (!plain || (req as { _body?: boolean })._body) return options.fallback(req, res, next);
    const chunks: Buffer[] = [];
    let received = 0;
    const settle = (error?: Error) => {
      req.removeListener('data', onData);
      req.removeListener('end', onEnd);
      req.removeListener('aborted', onAborted);
      req.removeListener('error', onError);
      next(error);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      chunks.push(chunk);
    };
    const onAborted = () => settle(refusal(400, 'request aborted'));
    const onError = (error: Error) => settle(Object.assign(error, { status: 400, statusCode: 400 }));
    const onEnd = () => {
      if (received !== length) return settle(refusal(400, 'request size did not match content length'));
      let text = (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received)).toString('utf8');
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      const first = FIRST_VALUE.exec(text)?.[1];
      if (first !== '{' && first !== '[') return settle(refusal(400, 'the body is not a JSON object or array'));
      try {
        req.body = JSON.parse(text) as unknown;
      } catch {
        return settle(refusal(400, 'the body is not JSON'));
      }
      (req as { _body?: boolean })._body = true;
      settle();
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('aborted', onAborted);
    req.on('error', onError);
  };
}
