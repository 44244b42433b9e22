import { GraphQLError } from 'graphql';
import type { MessageKey, MessageParams } from '../i18n/translate.js';

/** A stable error code and the HTTP status the legacy REST shim answers it with. */
export interface ErrorCodeDefinition<Code extends string = string> {
  readonly code: Code;
  readonly httpStatus: number;
}

const httpStatusByCode = new Map<string, number>();

/**
 * Each domain declares its error codes with their HTTP status in its own `*.errors.ts`;
 * the codes reach clients as `extensions.code` and legacy callers as `{ "message": CODE }`.
 */
export function defineErrorCodes<const T extends Record<string, number>>(
  statuses: T,
): { readonly [K in keyof T & string]: ErrorCodeDefinition<K> } {
  const definitions = {} as Record<string, ErrorCodeDefinition>;
  for (const [code, httpStatus] of Object.entries(statuses)) {
    const known = httpStatusByCode.get(code);
    if (known !== undefined && known !== httpStatus) {
      throw new Error(`Error code ${code} is declared twice with different HTTP statuses`);
    }
    httpStatusByCode.set(code, httpStatus);
    definitions[code] = { code, httpStatus };
  }
  return definitions as { readonly [K in keyof T & string]: ErrorCodeDefinition<K> };
}

export function httpStatusOf(code: string | undefined): number {
  return (code && httpStatusByCode.get(code)) || 500;
}

/** One problem with one input field, shown beside that field. */
export interface FieldProblem {
  field: string;
  message: MessageKey;
  params?: MessageParams;
}

export interface AppErrorOptions {
  /** The text shown to people; defaults to the text of the code. */
  message?: MessageKey;
  params?: MessageParams;
  fields?: FieldProblem[];
  /** Extra machine-readable data for clients (never secrets). */
  data?: Record<string, unknown>;
  cause?: unknown;
}

/**
 * An expected failure: its code and text reach the caller. The text is localised when the response
 * is sent (see localize-errors.plugin.ts), so services need not know the caller's language.
 */
export class AppError extends GraphQLError {
  readonly definition: ErrorCodeDefinition;
  readonly messageKey: MessageKey | undefined;
  readonly params: MessageParams;
  readonly fields: FieldProblem[];

  constructor(definition: ErrorCodeDefinition, options: AppErrorOptions = {}) {
    super(options.message ?? definition.code, {
      originalError: options.cause instanceof Error ? options.cause : undefined,
      extensions: { code: definition.code, ...options.data },
    });
    this.name = 'AppError';
    this.definition = definition;
    this.messageKey = options.message;
    this.params = options.params ?? {};
    this.fields = options.fields ?? [];
  }
}
