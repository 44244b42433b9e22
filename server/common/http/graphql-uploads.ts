import type { RequestHandler, Request, Response } from 'express';
import processRequest from 'graphql-upload/processRequest.mjs';
import type { Role } from '../auth/role.js';
import type { Viewer } from '../auth/viewer.js';
import type { ErrorCodeDefinition } from '../errors/app-error.js';
import { CommonError } from '../errors/common.errors.js';
import { translate, type MessageKey } from '../i18n/translate.js';
import { languageFromRequest } from '../locale.js';
import { closeAfterAnswer, isTooLarge, multipartBoundaryOf, uploadRefusal, type UploadLimits } from './uploads.js';

/** Apollo's CSRF prevention accepts a multipart request only with one of these headers (as `csrfPrevention`). */
const PREFLIGHT_HEADERS = ['apollo-require-preflight', 'x-apollo-operation-name'];

export interface GraphQLUploadOptions {
  limits: UploadLimits;
  /** Roles that may call a field taking a file (undefined: anyone). */
  rolesThatUpload: ReadonlySet<Role> | undefined;
  /** The caller of the request, from its bearer token. */
  viewerOf: (req: Request) => Promise<Viewer | null>;
}

/** A GraphQL error answer in the caller's language, for a request that never reaches Apollo. */
function refuse(req: Request, res: Response, definition: ErrorCodeDefinition, message?: string): void {
  closeAfterAnswer(req, res);
  const language = languageFromRequest(req.get('host'), req.get('accept-language'));
  res.status(definition.httpStatus).json({
    errors: [
      { message: message ?? translate(language, definition.code as MessageKey), extensions: { code: definition.code } },
    ],
  });
}

/**
 * GraphQL multipart requests (graphql-upload's `processRequest`), with what must happen before a byte
 * of the body is read: the framing must be parseable (a boundary), the request must pass Apollo's CSRF
 * rule, and the caller must hold a role that may upload at all, so an anonymous stranger's 20 MB never
 * reach a temporary file. A body that turns out broken (cut off, misordered, too many files) is a 4xx
 * that closes the connection, never an unanswered request or an 'error' nobody listens to.
 */
export function graphqlUploads(options: GraphQLUploadOptions): RequestHandler {
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    if (!multipartBoundaryOf(req.get('content-type'))) return refuse(req, res, CommonError.UPLOAD_MALFORMED);
    if (!PREFLIGHT_HEADERS.some((name) => req.get(name))) {
      return refuse(
        req,
        res,
        CommonError.BAD_REQUEST,
        `This operation has been blocked as a potential Cross-Site Request Forgery (CSRF). Please either specify a 'content-type' header (with a type that is not one of application/x-www-form-urlencoded, multipart/form-data, text/plain) or provide a non-empty value for one of the following headers: ${PREFLIGHT_HEADERS.join(', ')}`,
      );
    }
    options
      .viewerOf(req)
      .then(async (viewer) => {
        const refusal = uploadRefusal(viewer, options.rolesThatUpload);
        if (refusal) return refuse(req, res, refusal);
        let body: unknown;
        try {
          body = await processRequest(req, res, options.limits);
        } catch (error) {
          // The client went away (graphql-upload's 499): nobody is left to answer.
          if ((error as { status?: unknown }).status === 499) return void res.destroy();
          return refuse(req, res, isTooLarge(error) ? CommonError.PAYLOAD_TOO_LARGE : CommonError.UPLOAD_MALFORMED);
        }
        req.body = body;
        next();
      })
      .catch(next);
  };
}
