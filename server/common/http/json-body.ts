import express, { type RequestHandler } from 'express';
import { bodyRefusal, directBody, utf8Spellings } from './direct-body.js';

/** What may precede the first value, for body-parser's strict check (an object or an array). */
const FIRST_VALUE = /^[ \t\n\r]*(.)/s;

export const JSON_TYPE = 'application/json';
/** The JSON types read directly. */
export const PLAIN_JSON_TYPES = utf8Spellings(JSON_TYPE);

/**
 * A JSON body as `express.json` reads it, for the common case only (see `directBody`): the same outcomes as
 * body-parser's, the parsed value in `req.body` and the same statuses for a body that is not an object or an array
 * or is not JSON. The other requests go to `fallback` (by default body-parser with the same limit; a test passes its own
 * to see them).
 */
export function jsonBody(options: { limit: number; fallback?: RequestHandler }): RequestHandler {
  const { limit } = options;
  const fallback = options.fallback ?? express.json({ limit });
  return directBody(
    {
      types: PLAIN_JSON_TYPES,
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
    { limit, fallback },
  );
}
