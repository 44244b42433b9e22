import { Readable } from 'node:stream';
import busboy from 'busboy';
import type { RequestHandler, Request, Response } from 'express';
import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import Upload from 'graphql-upload/Upload.mjs';
import { roleRefusal } from '../auth/auth-checker.js';
import { Lanes } from '../lanes.js';
import type { Role } from '../auth/role.js';
import type { Viewer } from '../auth/viewer.js';
import type { ErrorCodeDefinition } from '../errors/app-error.js';
import { CommonError } from '../errors/common.errors.js';
import { translate, type MessageKey } from '../i18n/translate.js';
import { languageFromRequest } from '../locale.js';
import type { UploadAdmission } from './upload-admission.js';
import {
  closeAfterAnswer,
  isTooLarge,
  multipartBoundaryOf,
  UploadMalformedError,
  type UploadLimits,
} from './uploads.js';

/** Apollo's CSRF prevention accepts a multipart request only with one of these headers (as `csrfPrevention`). */
const PREFLIGHT_HEADERS = ['apollo-require-preflight', 'x-apollo-operation-name'];

/** The `operations` and `map` fields may each be this large (graphql-upload's default). */
const MAX_FIELD_BYTES = 1024 * 1024;

/** The multipart request spec, named in the refusals of a body that does not follow it. */
const SPEC = 'https://github.com/jaydenseric/graphql-multipart-request-spec';

export interface GraphQLUploadOptions {
  limits: UploadLimits;
  /** Roles that may call a field taking a file (undefined: anyone). */
  rolesThatUpload: ReadonlySet<Role> | undefined;
  /** The caller of the request, from its bearer token. */
  viewerOf: (req: Request) => Promise<Viewer | null>;
  /** Room for the bodies held whole at once in this process, and the roles whose uploads are held whole. */
  admission: { room: UploadAdmission; roles: ReadonlySet<Role> };
}

/**
 * Uploads whose caller is checked at once (a statement on the pool each). Twenty technicians' photos arriving together
 * took every connection of the pool for tens of milliseconds while consumers' lookups waited for one; their bodies
 * wait for the encoder anyway, one or two at a time.
 */
const CALLER_CHECKS_AT_ONCE = 2;

/** How long a body refused for want of room is told to wait (Retry-After, seconds). */
const RETRY_AFTER_SECONDS = 10;

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

/** A file, or the `operations` and `map` fields, over their limit (413, as graphql-upload says). */
class UploadTooLargeError extends Error {
  readonly status = 413;
}

/** The connection closed before the whole body came: nobody is left to answer (graphql-upload's 499). */
class ClientLeftError extends UploadMalformedError {
  constructor() {
    super('the client left');
  }
}

/** A well-formed body without the file its map names (graphql-upload's 400, without UPLOAD_MALFORMED's code). */
class FileMissingError extends Error {
  readonly status = 400;
  constructor() {
    super('File missing in the request.');
  }
}

/** Why a body is refused: malformed (400, the client leaving included), or too large (413). */
type UploadProblem = UploadMalformedError | UploadTooLargeError;

/** Keys that would reach an object's prototype instead of the operations' own values. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Puts `upload` at `path` ("variables.file", "variables.files.0") of the operations; false when it has no place. */
function placeUpload(operations: object, path: string, upload: Upload): boolean {
  const keys = path.split('.');
  let at: unknown = operations;
  for (const [index, key] of keys.entries()) {
    if (typeof at !== 'object' || at === null || UNSAFE_KEYS.has(key)) return false;
    const container = at as Record<string, unknown>;
    if (index === keys.length - 1) container[key] = upload;
    else {
      // As graphql-upload's object-path: a missing step is made, a list when the next key is a number.
      if (!Object.hasOwn(container, key) || container[key] === null || container[key] === undefined)
        container[key] = /^\d+$/.test(keys[index + 1]) ? [] : {};
      at = container[key];
    }
  }
  return true;
}

/** The `operations` with an `Upload` wherever the map puts a file, or the problem of the fields. */
function readMap(operations: object, value: string, maxFiles: number): Map<string, Upload> | UploadProblem {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return new UploadMalformedError(`invalid JSON in the 'map' field (${SPEC})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return new UploadMalformedError(`invalid type of the 'map' field (${SPEC})`);
  const entries = Object.entries(parsed);
  if (entries.length > maxFiles) return new UploadTooLargeError(`${maxFiles} max file uploads exceeded`);
  const map = new Map<string, Upload>();
  for (const [name, paths] of entries) {
    if (!Array.isArray(paths)) return new UploadMalformedError(`the map's entry "${name}" is not a list`);
    const upload = new Upload();
    map.set(name, upload);
    for (const path of paths as unknown[]) {
      if (typeof path !== 'string' || !placeUpload(operations, path, upload))
        return new UploadMalformedError(`the map puts "${name}" where the operations have no place for it`);
    }
  }
  return map;
}

/**
 * A file of a multipart request, as graphql-upload gives it, with a bound on its size known before it arrives: the
 * request's declared length (the file is a part of it). A reader that keeps the file whole can hold it in one buffer
 * of that size from the start, instead of copying it whole at its end.
 */
export interface BoundedUpload extends FileUpload {
  readonly sizeAtMost?: number;
}

/** A file kept in memory (the limits bound it) as it arrives, for its one reader. */
interface HeldFile {
  stream: Readable;
  /** busboy has given all of its part. */
  arrived: boolean;
}

/**
 * Reads a GraphQL multipart body in one pass: settles with the operations (each file an `Upload`, as graphql-upload
 * makes them for its scalar) once the map is read, so the operation runs while its file arrives. A file is held in
 * memory, no temporary file, and ends for its reader only once the whole body proved well-formed; a broken body
 * fails it, or refuses the request when the operations never came. Refused: a file part the map does not name (which
 * graphql-upload would skip silently), more files than the limit, a nested multipart part, a file over the size limit
 * (413), fields over theirs (413), fields out of order or not JSON, a body cut off, a client that leaves.
 */
function receive(req: Request, res: Response, limits: UploadLimits): Promise<object> {
  return new Promise((resolve, reject) => {
    let operations: object | undefined;
    let map: Map<string, Upload> | undefined;
    const files: HeldFile[] = [];
    let problem: UploadProblem | undefined;
    let wellFormed = false;
    let answered = false;
    const parser = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      limits: { fieldSize: MAX_FIELD_BYTES, fields: 2, fileSize: limits.maxFileSize, files: limits.maxFiles },
    });

    const fail = (reason: UploadProblem) => {
      if (problem || wellFormed) return;
      problem = reason;
      req.unpipe(parser);
      parser.destroy();
      // The rest of the body is read and thrown away until the answer closes the connection.
      req.resume();
      if (!res.headersSent) res.set('Connection', 'close');
      for (const upload of map?.values() ?? []) if (!upload.file) upload.reject(reason);
      for (const file of files) file.stream.destroy(reason);
      reject(reason);
    };

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(new UploadTooLargeError(`the '${name}' field is over its limit`));
      if (name === 'operations') {
        try {
          operations = JSON.parse(value) as object;
        } catch {
          return fail(new UploadMalformedError(`invalid JSON in the 'operations' field (${SPEC})`));
        }
        if (typeof operations !== 'object' || operations === null)
          return fail(new UploadMalformedError(`invalid type of the 'operations' field (${SPEC})`));
      } else if (name === 'map') {
        if (!operations) return fail(new UploadMalformedError(`'map' should follow 'operations' (${SPEC})`));
        const read = readMap(operations, value, limits.maxFiles);
        if (!(read instanceof Map)) return fail(read);
        map = read;
        resolve(operations);
      }
    });

    parser.on('file', (name, source, info) => {
      // busboy's file streams fail when the body is cut off: an unheard 'error' would end the process.
      source.on('error', () => undefined);
      const upload = map?.get(name);
      const refusal = !map
        ? new UploadMalformedError(`files should follow 'map' (${SPEC})`)
        : !upload || upload.file
          ? new UploadMalformedError(`no file is taken as "${name}"`)
          : /^multipart\//i.test(info.mimeType)
            ? new UploadMalformedError('nested multipart')
            : undefined;
      if (refusal || !upload) {
        source.resume();
        return fail(refusal ?? new UploadMalformedError(`no file is taken as "${name}"`));
      }
      // Held whatever its reader's pace: the size limit bounds it, and the body is read on for the other parts.
      const stream = new Readable({ read: () => undefined });
      stream.on('error', () => undefined);
      const file: HeldFile = { stream, arrived: false };
      files.push(file);
      source.on('data', (piece: Buffer) => {
        if (!stream.destroyed) stream.push(piece);
      });
      source.on('limit', () => fail(new UploadTooLargeError('the file is larger than the upload limit')));
      source.on('end', () => {
        file.arrived = true;
        if (wellFormed) stream.push(null);
      });
      let opened = false;
      const declared = declaredLength(req);
      const bounded: BoundedUpload = {
        filename: info.filename ?? 'upload',
        mimetype: info.mimeType,
        encoding: info.encoding,
        ...(declared === undefined ? {} : { sizeAtMost: declared }),
        createReadStream: () => {
          if (problem) throw problem;
          // As graphql-upload's, after the answer, and (as the legacy calls' files) once.
          if (opened || answered) throw new Error('The upload stream can be read only once, before the answer');
          opened = true;
          return stream;
        },
      };
      upload.resolve(bounded);
    });

    parser.on('filesLimit', () => fail(new UploadMalformedError('more files than the limit')));
    parser.on('finish', () => {
      if (problem) return;
      if (!operations || !map) return fail(new UploadMalformedError(`'operations' or 'map' is missing (${SPEC})`));
      wellFormed = true;
      for (const upload of map.values()) if (!upload.file) upload.reject(new FileMissingError());
      for (const file of files) if (file.arrived) file.stream.push(null);
    });
    parser.on('error', (error: Error) => fail(new UploadMalformedError(error.message)));
    req.on('close', () => {
      if (!req.readableEnded) fail(new ClientLeftError());
    });
    // A connection reset mid-body: the request's own 'error' must have a listener here too.
    req.on('error', () => fail(new ClientLeftError()));
    res.once('close', () => {
      answered = true;
      // What no resolver read goes with the answer.
      for (const file of files) file.stream.destroy();
    });
    req.pipe(parser);
  });
}

/** The body's length as its request declares it, when that is a positive whole number. */
function declaredLength(req: Request): number | undefined {
  const declared = Number(req.get('content-length'));
  return Number.isSafeInteger(declared) && declared > 0 ? declared : undefined;
}

/**
 * Room for a body held whole before a byte of it is read (bodyBound has checked its declared length), given back
 * with the answer; false when the request is refused as busy or its client left while it waited.
 */
async function admitted(req: Request, res: Response, room: UploadAdmission): Promise<boolean> {
  const left = new AbortController();
  const onClose = () => left.abort();
  res.once('close', onClose);
  const release = await room.admit(declaredLength(req) ?? Infinity, left.signal);
  res.off('close', onClose);
  if (res.closed) {
    release?.();
    res.destroy();
    return false;
  }
  if (!release) {
    res.set('Retry-After', String(RETRY_AFTER_SECONDS));
    refuse(req, res, CommonError.UPLOADS_BUSY);
    return false;
  }
  res.once('close', release);
  return true;
}

/**
 * GraphQL multipart requests (the spec graphql-upload implements, with its `Upload` values), with what must happen
 * before a byte of the body is read: the framing must be parseable (a boundary), the request must pass Apollo's CSRF
 * rule, and the caller must hold a role that may upload at all, so an anonymous stranger's 20 MB are never read. A
 * body that turns out broken (cut off, misordered, too many files) is a 4xx that closes the connection, never an
 * unanswered request or an 'error' nobody listens to.
 */
export function graphqlUploads(options: GraphQLUploadOptions): RequestHandler {
  const callerChecks = new Lanes(CALLER_CHECKS_AT_ONCE);
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
    callerChecks
      .run(() => options.viewerOf(req))
      .then(async (viewer) => {
        const refusal = roleRefusal(viewer?.role, options.rolesThatUpload);
        if (refusal) return refuse(req, res, refusal);
        if (viewer && options.admission.roles.has(viewer.role) && !(await admitted(req, res, options.admission.room)))
          return;
        let body: object;
        try {
          body = await receive(req, res, options.limits);
        } catch (error) {
          // Nobody is left to answer.
          if (error instanceof ClientLeftError) return void res.destroy();
          return refuse(req, res, isTooLarge(error) ? CommonError.PAYLOAD_TOO_LARGE : CommonError.UPLOAD_MALFORMED);
        }
        req.body = body;
        next();
      })
      .catch(next);
  };
}
