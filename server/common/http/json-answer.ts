import type { Response } from 'express';

/** Statuses whose answer has no body, which express's `send` treats on its own. */
const WITHOUT_BODY = new Set([204, 205, 304]);

/**
 * What `res.status(status).json(value)` writes, byte for byte, for the common answer on this server (no ETag, no
 * JSON settings, no type set before, a status with a body, not a HEAD): the text with its type and length, without
 * express's header setters, which parse the type back to add its charset (a twentieth of a legacy lookup's CPU).
 * Anything else goes through express.
 */
export function sendJson(res: Response, status: number, value: unknown): void {
  const common =
    Number.isInteger(status) &&
    status >= 200 &&
    status <= 599 &&
    !WITHOUT_BODY.has(status) &&
    res.req.method !== 'HEAD' &&
    value !== undefined &&
    res.getHeader('Content-Type') === undefined;
  const text = common ? (JSON.stringify(value) as string | undefined) : undefined;
  if (text === undefined) {
    res.status(status).json(value);
    return;
  }
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', String(Buffer.byteLength(text)));
  res.end(text);
}
