import type { ApolloServerPlugin } from '@apollo/server';
import type { GraphQLFormattedError } from 'graphql';
import type { AppContext } from '../../context.js';
import { Language } from '../locale.js';
import { isMessageKey, translate } from '../i18n/translate.js';
import { isStatementTimeout } from './statement-timeout.js';
import { isExpectedError, TRANSLATION_EXTENSION, type PendingTranslation } from './format-error.js';

function isPendingTranslation(value: unknown): value is PendingTranslation {
  return typeof value === 'object' && value !== null && isMessageKey((value as PendingTranslation).key);
}

export function localizeError(error: GraphQLFormattedError, language: Language): GraphQLFormattedError {
  const { [TRANSLATION_EXTENSION]: pending, ...extensions } = error.extensions ?? {};
  if (!isPendingTranslation(pending)) return error;
  const fields = pending.fields.map((problem) => ({
    field: problem.field,
    message: translate(language, problem.message, problem.params),
  }));
  return {
    ...error,
    message: translate(language, pending.key, pending.params),
    extensions: fields.length > 0 ? { ...extensions, fields } : extensions,
  };
}

/**
 * Logs an error that is masked as INTERNAL_SERVER_ERROR, with its stack; an expected one (an AppError, a refused
 * request) is the caller's answer, not a log line.
 */
export function logUnexpectedError(
  log: { warn(details: object, message: string): void; error(error: unknown): void },
  error: unknown,
): void {
  if (isExpectedError(error)) return;
  // Load, not a bug: a line to count, without a stack trace per cancelled statement.
  const path = (error as { path?: readonly (string | number)[] }).path;
  if (isStatementTimeout(error)) log.warn({ path: path?.join('.') }, 'statement timeout');
  else log.error((error as { originalError?: unknown }).originalError ?? error);
}

/**
 * Puts every error message in the caller's language at the last moment, and logs the errors that
 * were masked as INTERNAL_SERVER_ERROR with their stack.
 */
export const localizeErrorsPlugin: ApolloServerPlugin<AppContext> = {
  async requestDidStart() {
    return {
      async didEncounterErrors({ errors, contextValue, logger }) {
        for (const error of errors) logUnexpectedError(contextValue?.log ?? logger, error);
      },
      async willSendResponse({ response, contextValue }) {
        if (response.body.kind !== 'single' || !response.body.singleResult.errors) return;
        const language = contextValue?.language ?? Language.NL;
        response.body.singleResult.errors = response.body.singleResult.errors.map((error) =>
          localizeError(error, language),
        );
      },
    };
  },
};
