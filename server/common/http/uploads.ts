import type { Request, Response } from 'express';

/** Cut off, a part the call does not take, a second file, a nested multipart, or the client left. */
export class UploadMalformedError extends Error {
  readonly status = 400;
  readonly code = 'UPLOAD_MALFORMED';
  constructor(reason: string) {
    super(`The upload is malformed: ${reason}`);
  }
}

/** The limits of every upload (GraphQL multipart and legacy REST alike). */
export interface UploadLimits {
  maxFileSize: number;
  maxFiles: number;
}

/**
 * What a body carrying files may have besides them: the `operations` and `map` fields of a GraphQL upload (up to
 * graphql-upload's 1 MB each) or the fields of a legacy one (busboy's 20 of 64 kB here), with the parts' headers.
 */
const UPLOAD_ENVELOPE_BYTES = 3 * 1024 * 1024;

/** The largest body an upload may have: its files at their limit and the fields beside them. */
export function uploadBodyLimit(limits: UploadLimits): number {
  return limits.maxFileSize * limits.maxFiles + UPLOAD_ENVELOPE_BYTES;
}

/**
 * The boundary of a `multipart/form-data` content type, or undefined when it names none that a parser
 * could use (RFC 2046: 1 to 70 characters). Without one, no part of the body can ever be found.
 */
export function multipartBoundaryOf(contentType: string | undefined): string | undefined {
  const match = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^\s;]*))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2];
  return boundary && boundary.length <= 70 ? boundary : undefined;
}

/**
 * Answers an upload without reading (the rest of) its body: the answer says `Connection: close`, so
 * Node closes the socket once it is written instead of waiting for, or draining, a body that may be
 * 20 MB, endless or broken.
 */
export function closeAfterAnswer(req: Request, res: Response): void {
  req.unpipe();
  if (!res.headersSent) res.set('Connection', 'close');
}

/** Whether `error` (http-errors, graphql-upload, our own) says the upload was too large. */
export function isTooLarge(error: unknown): boolean {
  const status = (error as { status?: unknown; statusCode?: unknown } | null) ?? {};
  return status.status === 413 || status.statusCode === 413;
}
