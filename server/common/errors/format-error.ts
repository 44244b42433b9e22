import { ApolloServerErrorCode, unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { Language } from '../locale.js';
import { translate, type MessageKey, type MessageParams } from '../i18n/translate.js';
import { AppError, type FieldProblem } from './app-error.js';

/** What the localisation step needs; it removes this from the response before sending. */
export interface PendingTranslation {
  key: MessageKey;
  params: MessageParams;
  fields: FieldProblem[];
}

export const TRANSLATION_EXTENSION = '__translate';

/** Errors that graphql-js and Apollo raise for a malformed request: safe to show as they are. */
const REQUEST_ERROR_CODES = new Set<string>([
  ApolloServerErrorCode.GRAPHQL_PARSE_FAILED,
  ApolloServerErrorCode.GRAPHQL_VALIDATION_FAILED,
  ApolloServerErrorCode.BAD_USER_INPUT,
  ApolloServerErrorCode.BAD_REQUEST,
  ApolloServerErrorCode.PERSISTED_QUERY_NOT_FOUND,
  ApolloServerErrorCode.PERSISTED_QUERY_NOT_SUPPORTED,
  ApolloServerErrorCode.OPERATION_RESOLUTION_FAILURE,
  'INTROSPECTION_DISABLED',
  'MAX_RECURSIVE_SELECTIONS_EXCEEDED',
]);

function withoutHttp(extensions: Record<string, unknown>): Record<string, unknown> {
  const { http: _http, ...rest } = extensions;
  return rest;
}

export function isExpectedError(error: unknown): boolean {
  const original = unwrapResolverError(error);
  if (original instanceof AppError) return true;
  if (!(error instanceof GraphQLError)) return false;
  const code = error.extensions?.code;
  // A GraphQLError without an underlying exception is graphql-js reporting on the request itself.
  return typeof code === 'string' ? REQUEST_ERROR_CODES.has(code) : error.originalError === undefined;
}

/**
 * Apollo's formatError: expected errors keep their code and text, everything else becomes
 * INTERNAL_SERVER_ERROR without a trace of what happened inside (that goes to the log).
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof AppError) {
    const translation: PendingTranslation = {
      key: original.messageKey ?? (original.definition.code as MessageKey),
      params: original.params,
      fields: original.fields,
    };
    return {
      // Dutch until the localisation step knows the caller's language (it may never run, e.g. when
      // the request context could not be built).
      message: translate(Language.NL, translation.key, translation.params),
      locations: formatted.locations,
      path: formatted.path,
      // `http` only tells Apollo the status of the response; it is not for the caller.
      extensions: { ...withoutHttp(original.extensions), [TRANSLATION_EXTENSION]: translation },
    };
  }
  if (isExpectedError(error)) {
    const { stacktrace: _dropped, ...extensions } = formatted.extensions ?? {};
    return { ...formatted, extensions: { ...extensions, code: extensions.code ?? ApolloServerErrorCode.BAD_REQUEST } };
  }
  const translation: PendingTranslation = { key: 'INTERNAL_SERVER_ERROR', params: {}, fields: [] };
  return {
    message: translate(Language.NL, translation.key),
    locations: formatted.locations,
    path: formatted.path,
    extensions: { code: 'INTERNAL_SERVER_ERROR', [TRANSLATION_EXTENSION]: translation },
  };
}
