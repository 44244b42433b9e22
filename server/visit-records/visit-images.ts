import { availableParallelism } from 'node:os';
import type { Readable } from 'node:stream';
import type Sharp from 'sharp';
import { VISIT_PHOTO_LONGEST_SIDE, VISIT_THUMBNAIL_LONGEST_SIDE } from '../../shared/visit-records.js';
import { AppError } from '../common/errors/app-error.js';
import { lowerThreadsToIdle, threadsNamed } from '../common/idle-threads.js';
import { VisitRecordError } from './visit-record.errors.js';

/** Larger than any phone camera (a 200-megapixel sensor): a "decompression bomb" is refused before it is decoded. */
const MAX_INPUT_PIXELS = 200_000_000;

/** What phones and their galleries send; SVG, PDF and the like are refused even where the decoder reads them. */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif', 'tiff', 'gif']);

/**
 * Photos decoded and encoded at once. Each holds its decoded pixels and the encoder's buffers (tens of MB for a
 * phone's 12-megapixel photo): twenty technicians sending at once would otherwise make the libuv pool's every thread
 * hold one. Each takes a core while it runs: one core is left to the requests (a consumer's lookup must not wait for
 * photos). The others wait their turn with their upload already received.
 */
const PHOTOS_ENCODED_AT_ONCE = Math.min(2, Math.max(1, availableParallelism() - 1));
let photosEncoding = 0;
const waitingToEncode: (() => void)[] = [];

/**
 * libvips' own threads, where a photo is decoded and encoded: a fixed set made when it loads (VIPS_MAX_THREADS; an
 * operator's value is kept), all lowered to SCHED_IDLE then, so a photo's pixels never keep a consumer's lookup from a
 * core. By default libvips ends a thread idle for 15 s and starts new ones at the next photo, at the priority of
 * whichever thread asked: the first photos after a quiet spell ran at full priority. Node's pool (argon2 for sign-ins)
 * keeps its priority. A sharp call waits for free threads of the set and takes three (a worker and the write-behind
 * threads of its two buffers); Node's pool runs at most four calls at once.
 */
const ENCODING_THREADS = 12;
const ENCODING_THREAD_NAME = 'libvips worker';

let loading: Promise<typeof Sharp> | undefined;

/** sharp, loaded once with its threads as ENCODING_THREADS says; the server loads it at its start. */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= (async () => {
    process.env.VIPS_MAX_THREADS ??= String(ENCODING_THREADS);
    const { default: sharp } = await import('sharp');
    // Every upload is decoded once: libvips' cache of recent operations would only hold their pixels longer.
    sharp.cache(false);
    // One thread per photo's pipeline (libvips' default is one per core where the allocator is not glibc's): a photo
    // being encoded leaves the other cores to the requests, as PHOTOS_ENCODED_AT_ONCE counts.
    sharp.concurrency(1);
    await lowerThreadsToIdle(threadsNamed(ENCODING_THREAD_NAME));
    return sharp;
  })();
  return loading;
}

/**
 * libjpeg-turbo with optimised Huffman tables, not mozjpeg: mozjpeg's trellis quantisation and scan search made a
 * phone photo's encoding five times the CPU (about 500 against 105 ms for a 12-megapixel photo, measured) for a
 * file about 15 % smaller.
 */
const PHOTO_JPEG = { quality: 80, optimiseCoding: true } as const;
const THUMBNAIL_JPEG = { quality: 75, optimiseCoding: true } as const;

/** A signature: the drawing's size at most, in pixels. */
const SIGNATURE_LONGEST_SIDE = 1200;

export interface EncodedPhoto {
  photo: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

const notAnImage = () => new AppError(VisitRecordError.VISIT_PHOTO_NOT_AN_IMAGE);

/**
 * Reads a file to its end, refusing it once it passes `maxBytes` (the error `tooLarge` gives) and when it does not
 * arrive whole. Nothing is kept but in memory: no half-written file anywhere. With `sizeAtMost` (the request's
 * declared length, which the file cannot pass), each piece is copied into one buffer of that size as it arrives: ten
 * photos arriving at once, each copied whole at its end, held the event loop for about 0.2 s at once.
 */
export function readWhole(
  source: Readable,
  maxBytes: number,
  tooLarge: () => AppError,
  sizeAtMost?: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let whole = sizeAtMost === undefined ? undefined : Buffer.allocUnsafeSlow(Math.min(sizeAtMost, maxBytes));
    const pieces: Buffer[] = [];
    let size = 0;
    const fail = (error: unknown) => {
      source.off('data', onPiece);
      source.destroy();
      if (error instanceof AppError) return reject(error);
      // The upload's own limit (graphql-upload's 413) or a body cut off.
      const status = (error as { status?: unknown } | null)?.status;
      reject(status === 413 ? tooLarge() : new AppError(VisitRecordError.VISIT_FILE_NOT_RECEIVED));
    };
    const onPiece = (piece: Buffer) => {
      if (size + piece.length > maxBytes) return fail(tooLarge());
      if (whole && size + piece.length > whole.length) {
        // More than its request declared (HTTP's framing allows none; safe all the same): pieces from here on.
        pieces.push(whole.subarray(0, size));
        whole = undefined;
      }
      if (whole) piece.copy(whole, size);
      else pieces.push(piece);
      size += piece.length;
    };
    source.on('data', onPiece);
    source.once('error', fail);
    source.once('end', () => resolve(whole ? whole.subarray(0, size) : Buffer.concat(pieces, size)));
  });
}

/** The image decoded whole (a cut-off or damaged file fails here, whatever its name or type said). */
function decoder(sharp: typeof Sharp, content: Buffer) {
  return sharp(content, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS, animated: false });
}

/**
 * A photo decoded from its bytes alone and encoded anew: upright (the camera's orientation applied), a JPEG of at most
 * VISIT_PHOTO_LONGEST_SIDE pixels, and a thumbnail. sharp writes no metadata unless asked: EXIF (GPS included), XMP
 * and IPTC of the original do not survive. `store` runs in the photo's turn.
 */
export async function encodePhoto(
  content: Buffer,
  store?: (encoded: EncodedPhoto) => Promise<void>,
): Promise<EncodedPhoto> {
  if (photosEncoding < PHOTOS_ENCODED_AT_ONCE) photosEncoding += 1;
  else await new Promise<void>((resolve) => waitingToEncode.push(resolve));
  try {
    const encoded = await encodeInTurn(content);
    // Stored in the same turn: twenty photos written at once would hold the pool's connections (each write of a
    // photo commits and waits for the disk) while the consumers' lookups wait for one.
    if (store) await store(encoded);
    return encoded;
  } finally {
    // The turn passes straight to the next photo waiting, if there is one.
    const next = waitingToEncode.shift();
    if (next) next();
    else photosEncoding -= 1;
  }
}

async function encodeInTurn(content: Buffer): Promise<EncodedPhoto> {
  const sharp = await loadSharp();
  try {
    const { format } = await decoder(sharp, content).metadata();
    if (!format || !PHOTO_FORMATS.has(format)) throw notAnImage();
    const { data: photo, info } = await decoder(sharp, content)
      .rotate()
      .resize({
        width: VISIT_PHOTO_LONGEST_SIDE,
        height: VISIT_PHOTO_LONGEST_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .jpeg(PHOTO_JPEG)
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(photo)
      .resize({ width: VISIT_THUMBNAIL_LONGEST_SIDE, height: VISIT_THUMBNAIL_LONGEST_SIDE, fit: 'inside' })
      .jpeg(THUMBNAIL_JPEG)
      .toBuffer();
    return { photo, thumbnail, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notAnImage();
  }
}

/** A signature decoded and written anew as a PNG without metadata, at most SIGNATURE_LONGEST_SIDE pixels. */
export async function encodeSignature(content: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    const { format } = await decoder(sharp, content).metadata();
    if (format !== 'png') throw notAnImage();
    return await decoder(sharp, content)
      .resize({
        width: SIGNATURE_LONGEST_SIDE,
        height: SIGNATURE_LONGEST_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notAnImage();
  }
}
