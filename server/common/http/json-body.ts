import type { RequestHandler } from 'express';
import { bodyRefusal, directBody } from './direct-body.js';

/** What may precede the first value, for body-parser's strict check (an object or an array). */
const FIRST_VALUE = /^[ \t\n\r]*(.)/s;

/**
 * A JSON body as `express.json` reads it, for the common case only (see `directBody`): the same outcomes as
 * body-parser's, the parsed value in `req.body` and the same statuses for a body that is not an object or an array
 * or is not JSON.
 */
export function jsonBody(options: { limit: number; fallback: RequestHandler }): RequestHandler {
  return directBody(
    {
      types: new Set(['application/json', 'application/json; charset=utf-8', 'application/json;charset=utf-8']),
      parse: (text) => {
        const first = FIRST_VALUE.exec(text)?.[1];
        if (first !== '{' && first !== '[') throw bodyRefusal(400, 'the body is not a JSON object or array');
        try {
          return JSON.parse(text) as unknown;
        } catch {
          throw bodyRefusal(400, 'the body is not JSON');
        }
      },
    },
    options,
  );
}
