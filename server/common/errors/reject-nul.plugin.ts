import type { ApolloServerPlugin } from '@apollo/server';
import { Kind, visit, type DocumentNode } from 'graphql';
import type { AppContext } from '../../context.js';
import { AppError } from './app-error.js';
import { CommonError } from './common.errors.js';

function containsNul(value: unknown, depth = 0): boolean {
  if (depth > 32) return false;
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
  }
  return false; // uploads and other objects are checked by whoever reads them
}

function documentContainsNul(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    [Kind.STRING]: (node) => {
      if (node.value.includes('\u0000')) found = true;
    },
  });
  return found;
}

/**
 * PostgreSQL cannot store U+0000 in text, so a NUL anywhere in an operation's strings is refused up
 * front, in one place, with BAD_USER_INPUT (HTTP 400) — instead of every domain meeting it as a 500.
 */
export const rejectNulCharactersPlugin: ApolloServerPlugin<AppContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ request, document }) {
        if (containsNul(request.variables) || documentContainsNul(document)) {
          throw new AppError(CommonError.BAD_USER_INPUT, { message: 'NUL_CHARACTER', data: { http: { status: 400 } } });
        }
      },
    };
  },
};
