import { PassThrough, type Readable } from 'node:stream';
import busboy from 'busboy';
import type { RequestHandler, Request, Response } from 'express';
import processRequest, { type FileUpload } from 'graphql-upload/processRequest.mjs';
import Upload from 'graphql-upload/Upload.mjs';
import { roleRefusal } from '../auth/auth-checker.js';
import type { Role } from '../auth/role.js';
import type { Viewer } from '../auth/viewer.js';
import type { ErrorCodeDefinition } from '../errors/app-error.js';
import { CommonError } from '../errors/common.errors.js';
import { translate, type MessageKey } from '../i18n/translate.js';
import { languageFromRequest } from '../locale.js';
import {
  closeAfterAnswer,
  isTooLarge,
  multipartBoundaryOf,
  UploadMalformedError,
  type UploadLimits,
} from './uploads.js';

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

/** Why a body is refused: malformed (400), or a file over the size limit (413, as graphql-upload says). */
type UploadProblem = UploadMalformedError | (Error & { status: 413 });

function tooLarge(): UploadProblem {
  return Object.assign(new Error('The file is larger than the upload limit'), { status: 413 as const });
}

/**
 * Reads the same body as graphql-upload, beside it, for what graphql-upload lets pass: a file part the
 * `map` does not name (it skips it silently), a file beyond the limit after the mapped one has arrived,
 * a nested multipart part. Settles with the problem, or null once the whole body proved well-formed.
 */
function watchParts(req: Request, limits: UploadLimits): Promise<UploadProblem | null> {
  return new Promise((settle) => {
    const mapped = new Set<string>();
    let files = 0;
    let done = false;
    const parser = busboy({
      headers: req.headers,
      limits: { fieldSize: 1024 * 1024, fields: 2, fileSize: limits.maxFileSize },
    });
    const finish = (problem: UploadProblem | null) => {
      if (done) return;
      done = true;
      if (problem) {
        req.unpipe(parser);
        parser.removeAllListeners('file');
        parser.destroy();
      }
      settle(problem);
    };
    parser.on('field', (name, value) => {
      if (name !== 'map') return;
      try {
        const map: unknown = JSON.parse(value);
        if (typeof map === 'object' && map !== null) for (const key of Object.keys(map)) mapped.add(key);
      } catch {
        // graphql-upload answers an unreadable map itself.
      }
    });
    parser.on('file', (name, file, info) => {
      file.on('error', () => undefined);
      // graphql-upload stops reading a file over the limit, and with it the body: this watcher must settle.
      file.on('limit', () => finish(tooLarge()));
      file.resume();
      files += 1;
      if (!mapped.has(name)) finish(new UploadMalformedError(`no file is taken as "${name}"`));
      else if (files > limits.maxFiles) finish(new UploadMalformedError('more files than the limit'));
      else if (/^multipart\//i.test(info.mimeType)) finish(new UploadMalformedError('nested multipart'));
    });
    parser.on('error', (error: Error) => finish(new UploadMalformedError(error.message)));
    parser.on('close', () => finish(null));
    req.on('close', () => {
      if (!req.readableEnded) finish(new UploadMalformedError('the client left'));
    });
    // A connection reset mid-body: the request's own 'error' must have a listener here too.
    req.on('error', () => finish(new UploadMalformedError('the client left')));
    req.pipe(parser);
  });
}

/** The file's stream, ending for its reader only once the whole body proved well-formed. */
function endOnceWellFormed(source: Readable, wellFormed: Promise<UploadProblem | null>): Readable {
  const out = new PassThrough();
  source.on('error', (error: Error) => out.destroy(error));
  out.on('close', () => source.destroy());
  source.pipe(out, { end: false });
  let sourceEnded = false;
  source.on('end', () => (sourceEnded = true));
  void wellFormed.then((problem) => {
    if (problem) return void out.destroy(problem);
    if (sourceEnded) out.end();
    else source.once('end', () => out.end());
  });
  return out;
}

/** Every `Upload` of the operations, replaced by one whose file ends only once the body proved well-formed. */
function holdUploads(value: unknown, wellFormed: Promise<UploadProblem | null>): unknown {
  if (value instanceof Upload) {
    const held = new Upload();
    // A broken body fails the file even when its part never comes (the parts before it were wrong), and
    // is the reason given when graphql-upload failed the file too (a file part beyond its limit).
    void wellFormed.then((problem) => problem && held.reject(problem));
    value.promise.then(
      (file: FileUpload) =>
        held.resolve({ ...file, createReadStream: () => endOnceWellFormed(file.createReadStream(), wellFormed) }),
      (error: unknown) => void wellFormed.then((problem) => held.reject(problem ?? error)),
    );
    // A file that never arrives is the resolver's to report; nobody may be left to hear it.
    held.promise.catch(() => undefined);
    return held;
  }
  if (Array.isArray(value)) return value.map((item) => holdUploads(item, wellFormed));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, holdUploads(item, wellFormed)]));
  }
  return value;
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
        const refusal = roleRefusal(viewer?.role, options.rolesThatUpload);
        if (refusal) return refuse(req, res, refusal);
        let body: unknown;
        const wellFormed = watchParts(req, options.limits);
        // The rest of a broken body is not read: the answer closes the connection.
        void wellFormed.then((problem) => {
          if (problem && !res.headersSent) res.set('Connection', 'close');
        });
        try {
          body = holdUploads(await processRequest(req, res, options.limits), wellFormed);
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
