/** PostgreSQL's SQLSTATE for a statement it cancelled: statement_timeout, or a cancel request. */
const QUERY_CANCELED = '57014';

/**
 * Whether `error` (or what it wraps: the ORM's exception, graphql-js's located error) is PostgreSQL
 * cancelling a statement that ran too long.
 */
export function isStatementTimeout(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth++) {
    const { code, sqlState } = current as { code?: unknown; sqlState?: unknown };
    if (code === QUERY_CANCELED || sqlState === QUERY_CANCELED) return true;
    const next = current as { originalError?: unknown; cause?: unknown };
    current = next.originalError ?? next.cause;
  }
  return false;
}
