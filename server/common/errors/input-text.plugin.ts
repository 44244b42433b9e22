import type { ApolloServerPlugin } from '@apollo/server';
import { Kind, visit, type DocumentNode } from 'graphql';
import type { AppContext } from '../../context.js';
import type { MessageKey } from '../i18n/translate.js';
import { AppError, type FieldProblem } from './app-error.js';
import { CommonError } from './common.errors.js';

/** In a `u` regular expression a surrogate pair is one code point: what matches is a lone half. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Why a string cannot be taken: NUL (PostgreSQL cannot store it) or a lone UTF-16 surrogate (not text at all). */
export function textProblemOf(text: string): MessageKey | undefined {
  if (text.includes('\u0000')) return 'NUL_CHARACTER';
  if (LONE_SURROGATE.test(text)) return 'ILL_FORMED_TEXT';
  return undefined;
}

/**
 * A field as the services name it: inside an input variable without the variable (`$input.accessNote`
 * is `accessNote`), a variable of its own by its name.
 */
const fieldName = (path: readonly (string | number)[]): string => (path.length > 1 ? path.slice(1) : path).join('.');

/** The first string in `value` (keys included) that cannot be taken, with where it is. */
function findProblem(value: unknown, path: (string | number)[], depth = 0): FieldProblem | undefined {
  if (depth > 32) return undefined;
  if (typeof value === 'string') {
    const message = textProblemOf(value);
    return message ? { field: fieldName(path), message } : undefined;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findProblem(item, [...path, index], depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) {
      const keyProblem = textProblemOf(key);
      if (keyProblem) return { field: fieldName(path), message: keyProblem };
      const found = findProblem(item, [...path, key], depth + 1);
      if (found) return found;
    }
  }
  return undefined; // uploads and other objects are checked by whoever reads them
}

/** The first string of an operation's variables that cannot be taken (see `inputTextPlugin`), with its field. */
export function variablesTextProblem(variables: Record<string, unknown>): FieldProblem | undefined {
  return findProblem(variables, []);
}

/** Each parsed document's problem (null for none): Apollo keeps one parsed document per query text it has seen. */
const problemOfDocument = new WeakMap<DocumentNode, MessageKey | null>();

function documentProblem(document: DocumentNode): MessageKey | undefined {
  const known = problemOfDocument.get(document);
  if (known !== undefined) return known ?? undefined;
  let found: MessageKey | undefined;
  visit(document, {
    [Kind.STRING]: (node) => {
      found ??= textProblemOf(node.value);
    },
  });
  problemOfDocument.set(document, found ?? null);
  return found;
}

/**
 * Every string an operation brings, in its variables and in the document, is text PostgreSQL can
 * store: well-formed Unicode (no lone surrogate, which JSON's `\ud800` escapes can produce) without
 * NUL. Checked once, up front, for GraphQL and legacy REST callers alike (the REST shim runs
 * operations through the same server), with BAD_USER_INPUT (400) naming the field, instead of every
 * domain meeting it as a database error.
 */
export const inputTextPlugin: ApolloServerPlugin<AppContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ request, document }) {
        const problem = variablesTextProblem(request.variables ?? {});
        const message = problem?.message ?? documentProblem(document);
        if (message) {
          throw new AppError(CommonError.BAD_USER_INPUT, {
            message,
            fields: problem ? [problem] : [],
            data: { http: { status: 400 } },
          });
        }
      },
    };
  },
};
