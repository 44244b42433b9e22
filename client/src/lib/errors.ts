import type { GraphQLFormattedError } from 'graphql';

export interface ServerProblem {
  /** The server's stable code, e.g. NO_ORDERS_FOUND; NETWORK when the server could not be reached. */
  code: string;
  /** Text for people, in their language (the server's, or the generic problem message). */
  message: string;
  /** Per-field texts, for showing next to inputs. */
  fields: Record<string, string>;
}

/**
 * The GraphQL errors an operation threw: Apollo's CombinedGraphQLErrors and the consumer area's
 * ConsumerGraphQLError both carry them as `errors`. Read by shape, so the consumer pages need no
 * Apollo code to show the server's texts.
 */
function graphQLErrorsOf(error: unknown): readonly GraphQLFormattedError[] {
  if (!(error instanceof Error) || !('errors' in error) || !Array.isArray(error.errors)) return [];
  return (error.errors as unknown[]).filter(
    (item): item is GraphQLFormattedError =>
      typeof item === 'object' && item !== null && typeof (item as { message?: unknown }).message === 'string',
  );
}

/** Turns whatever an operation threw into something a screen can show. */
export function problemOf(error: unknown, genericMessage: string): ServerProblem {
  const errors = graphQLErrorsOf(error);
  if (errors.length > 0) {
    const [first] = errors;
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
