import { PassThrough, Transform, type Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request } from 'express';
import Upload from 'graphql-upload/Upload.mjs';
import { UploadMalformedError, type UploadLimits } from '../../common/http/uploads.js';
import type { RestUpload } from './rest-route.js';

/** An upload received by a legacy call, and a way to throw away what the operation did not read. */
export interface ReceivedUpload {
  upload: Upload;
  /** Drains the rest of a well-formed body, so the connection stays usable whatever the operation read. */
  discardRest(): void;
  /** The body broke its framing (or the client left): the answer must close the connection. */
  readonly broken: boolean;
}

/** The file is larger than the upload limit (graphql-upload's errors carry the same status). */
class UploadTooLargeError extends Error {
  readonly status = 413;
  constructor() {
    super('The file is larger than the upload limit');
  }
}

class UploadMissingError extends Error {
  readonly status = 400;
  constructor() {
    super('The request carries no file');
  }
}

function readOnce(stream: Readable): () => Readable {
  let opened = false;
  return () => {
    if (opened) throw new Error('The upload stream can be read only once');
    opened = true;
    return stream;
  };
}

/**
 * Every stream here has an 'error' listener from the moment it exists: busboy's file streams error
 * when the body is cut off, and an unheard 'error' would end the process.
 */
function receiveMultipart(req: Request, spec: RestUpload, limits: UploadLimits, upload: Upload): ReceivedUpload {
  let delivered: PassThrough | null = null;
  let broken = false;
  let settled = false;
  const parser = busboy({
    headers: req.headers,
    limits: { fileSize: limits.maxFileSize, files: limits.maxFiles, fields: 20, fieldSize: 64 * 1024, parts: 40 },
  });

  /** Stops reading at the first sign of a broken body: the operation hears it and answers a 4xx. */
  const fail = (error: Error) => {
    if (broken) return;
    broken = true;
    req.unpipe(parser);
    parser.removeAllListeners('file');
    parser.on('error', () => undefined);
    parser.destroy();
    if (delivered) delivered.destroy(error);
    else upload.reject(error);
  };

  parser.on('file', (name, file, info) => {
    file.on('error', () => undefined);
    if (delivered || !spec.fields.includes(name)) {
      file.resume();
      return fail(new UploadMalformedError(delivered ? 'more than one file' : `no file is taken as "${name}"`));
    }
    if (/^multipart\//i.test(info.mimeType)) {
      file.resume();
      return fail(new UploadMalformedError('nested multipart'));
    }
    const out = new PassThrough();
    delivered = out;
    // Errors of the copy reach the reader, which is the operation; it may also stop early.
    out.on('error', () => undefined);
    file.on('limit', () => out.destroy(new UploadTooLargeError()));
    file.on('error', (error: Error) => out.destroy(new UploadMalformedError(error.message)));
    out.on('close', () => {
      file.unpipe(out);
      file.resume();
    });
    // The file ends for its reader only once the whole body proved well-formed (see 'close' below).
    file.pipe(out, { end: false });
    upload.resolve({
      filename: info.filename ?? 'upload.csv',
      mimetype: info.mimeType,
      encoding: info.encoding,
      createReadStream: readOnce(out),
    });
  });
  for (const limit of ['filesLimit', 'fieldsLimit', 'partsLimit'] as const) {
    parser.on(limit, () => fail(new UploadMalformedError(limit)));
  }
  parser.on('close', () => {
    settled = true;
    if (broken) return;
    if (delivered) {
      if (!delivered.destroyed) delivered.end();
    } else upload.reject(new UploadMissingError());
  });
  parser.on('error', (error: Error) => fail(new UploadMalformedError(error.message)));
  req.on('close', () => {
    if (!settled && !req.readableEnded) fail(new UploadMalformedError('the client left'));
  });
  req.pipe(parser);
  return {
    upload,
    discardRest: () => {
      parser.removeAllListeners('file');
      parser.on('file', (_name, file) => {
        file.on('error', () => undefined);
        file.resume();
      });
      delivered?.destroy();
    },
    get broken() {
      return broken;
    },
  };
}

function receiveRaw(req: Request, limits: UploadLimits, upload: Upload): ReceivedUpload {
  let received = 0;
  let broken = false;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > limits.maxFileSize) done(new UploadTooLargeError());
      else done(null, chunk);
    },
  });
  limited.on('error', () => undefined);
  limited.on('close', () => {
    req.unpipe(limited);
    req.resume();
  });
  req.on('close', () => {
    if (req.readableEnded) return;
    broken = true;
    limited.destroy(new UploadMalformedError('the client left'));
  });
  req.pipe(limited);
  upload.resolve({
    filename: 'upload.csv',
    mimetype: req.get('content-type') ?? 'text/csv',
    encoding: '7bit',
    createReadStream: readOnce(limited),
  });
  return {
    upload,
    discardRest: () => limited.destroy(),
    get broken() {
      return broken;
    },
  };
}

/**
 * The file of a legacy upload call, as graphql-upload would hand it to a resolver: from a multipart
 * field named in the row, or the raw body when its media type is one the row accepts. Streamed as it
 * arrives, with the same limits as GraphQL uploads. The caller has checked the framing (a boundary)
 * and the caller's role before this reads a byte.
 */
export function receiveUpload(req: Request, spec: RestUpload, limits: UploadLimits): ReceivedUpload {
  const upload = new Upload();
  if (req.is('multipart/form-data')) return receiveMultipart(req, spec, limits, upload);
  if (spec.rawMediaTypes.length > 0 && req.is([...spec.rawMediaTypes])) return receiveRaw(req, limits, upload);
  upload.reject(new UploadMissingError());
  return { upload, discardRest: () => undefined, broken: false };
}
