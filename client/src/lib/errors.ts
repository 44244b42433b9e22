import { CombinedGraphQLErrors } from '@apollo/client/errors';

export interface ServerProblem {
  /** The server's stable code, e.g. NO_ORDERS_FOUND; NETWORK when the server could not be reached. */
  code: string;
  /** Text for people, in their language (the server's, or the generic problem message). */
  message: string;
  /** Per-field texts, for showing next to inputs. */
  fields: Record<string, string>;
}

/** Turns whatever an operation threw into something a screen can show. */
export function problemOf(error: unknown, genericMessage: string): ServerProblem {
  if (CombinedGraphQLErrors.is(error) && error.errors.length > 0) {
    const [first] = error.errors;
    const code = typeof first.extensions?.code === 'string' ? first.extensions.code : 'INTERNAL_SERVER_ERROR';
    const fields: Record<string, string> = {};
    const listed = first.extensions?.fields;
    if (Array.isArray(listed)) {
      for (const item of listed as { field?: unknown; message?: unknown }[]) {
        if (typeof item.field === 'string' && typeof item.message === 'string') fields[item.field] = item.message;
      }
    }
    return { code, message: code === 'INTERNAL_SERVER_ERROR' ? genericMessage : first.message, fields };
  }
  return { code: 'NETWORK', message: genericMessage, fields: {} };
}
