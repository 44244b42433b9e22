import { defineErrorCodes } from './app-error.js';

/** Codes every domain may use. */
export const CommonError = defineErrorCodes({
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  BAD_USER_INPUT: 400,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  INTERNAL_SERVER_ERROR: 500,
  // An upload whose multipart framing is broken: cut off, no boundary, a part we do not take.
  UPLOAD_MALFORMED: 400,
  PAYLOAD_TOO_LARGE: 413,
  // graphql-js and Apollo raise these for malformed operations; legacy callers get a 400.
  GRAPHQL_PARSE_FAILED: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  PERSISTED_QUERY_NOT_FOUND: 400,
  OPERATION_RESOLUTION_FAILURE: 400,
});
