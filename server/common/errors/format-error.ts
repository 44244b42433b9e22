import { ApolloServerErrorCode, unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { Language } from '../locale.js';
import { translate, type MessageKey, type MessageParams } from '../i18n/translate.js';
import { AppError, type FieldProblem } from './app-error.js';
import { CommonError } from './common.errors.js';
import { isStatementTimeout } from './statement-timeout.js';

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

/**
 * The AppError behind `error`: thrown by a resolver, or by a scalar while graphql-js coerced a
 * variable or checked a literal (which wrap it once or twice in their own errors).
 */
function appErrorBehind(error: unknown): AppError | undefined {
  let current: unknown = unwrapResolverError(error);
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    if (current instanceof AppError) return current;
    current = (current as { originalError?: unknown }).originalError;
  }
  return undefined;
}

/**
 * graphql-js names where in a variable a value was refused only in its message (graphql 16:
 * `Variable "$input" got invalid value ... at "input.appointment"; ...`). The field, as the services
 * name it (inside the input: `appointment`), lets screens show a scalar's refusal beside its field.
 */
function coercedFieldOf(message: string): string | undefined {
  const match = /^Variable "\$(\w+)" got invalid value .*? at "\1((?:\.\w+|\[\d+\])+)"; /s.exec(message);
  return match?.[2].replace(/\[(\d+)\]/g, '.$1').slice(1);
}

export function isExpectedError(error: unknown): boolean {
  if (appErrorBehind(error)) return true;
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
  const original = appErrorBehind(error);
  if (original) {
    const key = original.messageKey ?? (original.definition.code as MessageKey);
    const coercedField = original.fields.length === 0 ? coercedFieldOf(formatted.message) : undefined;
    const translation: PendingTranslation = {
      key,
      params: original.params,
      fields: coercedField ? [{ field: coercedField, message: key, params: original.params }] : original.fields,
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
  // A statement that ran past its timeout is load or breadth, not a bug: its own code, so callers can retry.
  const code = isStatementTimeout(error) ? CommonError.QUERY_TIMEOUT.code : CommonError.INTERNAL_SERVER_ERROR.code;
  const translation: PendingTranslation = { key: code, params: {}, fields: [] };
  return {
    message: translate(Language.NL, translation.key),
    locations: formatted.locations,
    path: formatted.path,
    extensions: { code, [TRANSLATION_EXTENSION]: translation },
  };
}
