import express, { type RequestHandler } from 'express';
import { parse as parseQueryString } from 'qs';
import { bodyRefusal, directBody, utf8Spellings } from './direct-body.js';

/**
 * Brackets, as sent or percent-encoded: even with no nesting, `qs` drops a pair wrapping a key and splits a pair at
 * `]=` before the first `=`.
 */
const BRACKETS = /[[\]]|%5[bd]/i;

/** A form's key or value, decoded as `qs` decodes it: `+` is a space; a malformed escape stays as it came. */
function decodeFormText(text: string): string {
  const spaced = text.includes('+') ? text.replaceAll('+', ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * The pairs of a form whose keys are plain (no brackets, none twice, no `__proto__`), as `qs` reads them: a key
 * without `=` has the value '', an empty key is left out. Anything else is undefined, for `qs` itself.
 */
function plainPairsOf(text: string): Record<string, string> | undefined {
  if (BRACKETS.test(text)) return undefined;
  const pairs: Record<string, string> = {};
  for (const part of text.split('&')) {
    const equals = part.indexOf('=');
    const key = decodeFormText(equals === -1 ? part : part.slice(0, equals));
    if (key === '') continue;
    if (key === '__proto__' || Object.hasOwn(pairs, key)) return undefined;
    pairs[key] = equals === -1 ? '' : decodeFormText(part.slice(equals + 1));
  }
  return pairs;
}

export const FORM_TYPE = 'application/x-www-form-urlencoded';
/** The form types read directly. */
export const PLAIN_FORM_TYPES = utf8Spellings(FORM_TYPE);

/**
 * A form body as `express.urlencoded({ extended: false, parameterLimit })` reads it, for the common case only (see
 * `directBody`): more parameters than `parameterLimit` are refused 413; a form of plain keys is split here, any
 * other goes to `qs` with body-parser's own options, so repeated keys, brackets and the rest read as they did. The
 * other requests go to `fallback` (by default body-parser with the same limits; a test passes its own to see them).
 */
export function formBody(options: {
  limit: number;
  parameterLimit: number;
  fallback?: RequestHandler;
}): RequestHandler {
  const { limit, parameterLimit } = options;
  const fallback = options.fallback ?? express.urlencoded({ extended: false, limit, parameterLimit });
  return directBody(
    {
      types: PLAIN_FORM_TYPES,
      parse: (text) => {
        if (text.length === 0) return {};
        let parameters = 1;
        for (let at = text.indexOf('&'); at !== -1; at = text.indexOf('&', at + 1)) {
          if (++parameters > parameterLimit) throw bodyRefusal(413, 'too many parameters');
        }
        const plain = plainPairsOf(text);
        if (plain) return plain;
        try {
          return parseQueryString(text, {
            allowPrototypes: true,
            arrayLimit: parameters,
            depth: 0,
            charset: 'utf-8',
            parameterLimit,
            strictDepth: true,
          });
        } catch (error) {
          if (error instanceof RangeError) throw bodyRefusal(400, 'The input exceeded the depth');
          throw error;
        }
      },
    },
    { limit, fallback },
  );
}
