import type { GraphQLError, GraphQLFormattedError } from 'graphql';
import type { Language } from '../locale.js';
import { formatError } from './format-error.js';
import { localizeError, logUnexpectedError } from './localize-errors.plugin.js';

/** Where a failure is logged, and the language its answer is given in. */
interface Caller {
  log: Parameters<typeof logUnexpectedError>[0];
  language: Language;
}

/**
 * A failure as every path answers it (Apollo through its hooks, which call the same three steps): logged with its
 * stack when unexpected, formatted (expected errors keep their code, the rest masked) and put in the caller's
 * language. `error` is a GraphQLError when GraphQL located it (its message, path and extensions are the start), or
 * what a service threw.
 */
export function errorAnswer(error: unknown, caller: Caller): GraphQLFormattedError {
  logUnexpectedError(caller.log, error);
  const start = isLocated(error) ? error.toJSON() : { message: '' };
  return localizeError(formatError(start, error), caller.language);
}

const isLocated = (error: unknown): error is GraphQLError =>
  typeof (error as { toJSON?: unknown } | null)?.toJSON === 'function' && error instanceof Error;
