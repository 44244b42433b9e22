import { PassThrough, Transform, type Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request } from 'express';
import Upload from 'graphql-upload/Upload.mjs';
import type { RestUpload } from './rest-route.js';

export interface UploadLimits {
  maxFileSize: number;
  maxFiles: number;
}

/** An upload received by a legacy call, and a way to throw away what the operation did not read. */
export interface ReceivedUpload {
  upload: Upload;
  /** Drains the rest of the body, so the connection stays usable whatever the operation read. */
  discardRest(): void;
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

function receiveMultipart(req: Request, spec: RestUpload, limits: UploadLimits, upload: Upload): ReceivedUpload {
  let delivered: PassThrough | null = null;
  let discarding = false;
  const parser = busboy({
    headers: req.headers,
    limits: { fileSize: limits.maxFileSize, files: limits.maxFiles, fields: 20, fieldSize: 64 * 1024, parts: 40 },
  });
  parser.on('file', (name, file, info) => {
    if (delivered || discarding || !spec.fields.includes(name)) {
      file.resume();
      return;
    }
    const out = new PassThrough();
    delivered = out;
    file.on('limit', () => out.destroy(new UploadTooLargeError()));
    // Whatever the reader leaves (an error, an early stop), the rest of the part is skipped.
    out.on('close', () => {
      file.unpipe(out);
      file.resume();
    });
    file.pipe(out);
    upload.resolve({
      filename: info.filename ?? 'upload.csv',
      mimetype: info.mimeType,
      encoding: info.encoding,
      createReadStream: readOnce(out),
    });
  });
  parser.on('close', () => {
    if (!delivered) upload.reject(new UploadMissingError());
  });
  parser.on('error', (error: Error) => {
    if (delivered) delivered.destroy(error);
    else upload.reject(error);
  });
  req.pipe(parser);
  return {
    upload,
    discardRest: () => {
      discarding = true;
      delivered?.destroy();
    },
  };
}

function receiveRaw(req: Request, limits: UploadLimits, upload: Upload): ReceivedUpload {
  let received = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > limits.maxFileSize) done(new UploadTooLargeError());
      else done(null, chunk);
    },
  });
  limited.on('close', () => {
    req.unpipe(limited);
    req.resume();
  });
  req.pipe(limited);
  upload.resolve({
    filename: 'upload.csv',
    mimetype: req.get('content-type') ?? 'text/csv',
    encoding: '7bit',
    createReadStream: readOnce(limited),
  });
  return { upload, discardRest: () => limited.destroy() };
}

/**
 * The file of a legacy upload call, as graphql-upload would hand it to a resolver: from a multipart
 * field named in the row, or the raw body when its media type is one the row accepts. Streamed as it
 * arrives, with the same limits as GraphQL uploads.
 */
export function receiveUpload(req: Request, spec: RestUpload, limits: UploadLimits): ReceivedUpload {
  const upload = new Upload();
  if (req.is('multipart/form-data')) return receiveMultipart(req, spec, limits, upload);
  if (spec.rawMediaTypes.length > 0 && req.is([...spec.rawMediaTypes])) return receiveRaw(req, limits, upload);
  upload.reject(new UploadMissingError());
  return { upload, discardRest: () => undefined };
}
