import { AppError, defineErrorCodes, type FieldProblem } from './app-error.js';

/** Codes every domain may use. */
export const CommonError = defineErrorCodes({
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  BAD_USER_INPUT: 400,
  // A page cursor we did not write (forged, cut off, or from another list).
  INVALID_CURSOR: 400,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  INTERNAL_SERVER_ERROR: 500,
  // PostgreSQL cancelled a statement that ran past its timeout: the request took too long, not a bug.
  QUERY_TIMEOUT: 503,
  // A list (search and filters) the database could not answer within the lists' own timeout: refine it.
  LIST_TOO_BROAD: 400,
  // This instance runs as many lists as its share of the database allows; a moment later there is room.
  LIST_BUSY: 503,
  // An upload whose multipart framing is broken: cut off, no boundary, a part we do not take.
  UPLOAD_MALFORMED: 400,
  PAYLOAD_TOO_LARGE: 413,
  // This instance holds as many uploads as its memory allows; the file is sent again a moment later.
  UPLOADS_BUSY: 503,
  // A body of a media type the route does not read (the subscriptions' stream reads JSON only).
  UNSUPPORTED_MEDIA_TYPE: 415,
  // graphql-js and Apollo raise these for malformed operations; legacy callers get a 400.
  GRAPHQL_PARSE_FAILED: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  PERSISTED_QUERY_NOT_FOUND: 400,
  OPERATION_RESOLUTION_FAILURE: 400,
});

/** Refuses input with field problems, if any: the first names the error, every one is listed under its field. */
export function refuseFieldProblems(problems: readonly FieldProblem[]): void {
  if (problems.length === 0) return;
  throw new AppError(CommonError.BAD_USER_INPUT, {
    message: problems[0].message,
    params: problems[0].params,
    fields: [...problems],
  });
}
